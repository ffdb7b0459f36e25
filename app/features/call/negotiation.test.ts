import { describe, expect, it } from "vitest";
import {
  incomingDescription,
  Negotiation,
  type Candidate,
  type Description,
  type Outgoing,
  type SignalingPeer,
} from "./negotiation";

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 3));

/**
 * RTCPeerConnection's signalling states as JSEP defines them (stable, have-local-offer,
 * have-remote-offer), with the implicit rollback of a local offer when a remote offer is set and
 * ICE candidates that only fit the remote description they were gathered for. Every step takes
 * a moment, as in a browser, so that the two sides interleave.
 */
class ModelPeer implements SignalingPeer {
  signalingState = "stable";
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  rollbacks = 0;
  readonly candidates: string[] = [];
  private generation = 0;

  constructor(readonly name: string) {}

  /** The ICE username fragment of a description: its sdp's first word. */
  static ufrag(description: Description | null): string {
    return description?.sdp.split(" ")[0] ?? "";
  }

  async setLocalDescription(description?: Description): Promise<void> {
    await pause();
    const type = description?.type ?? (this.signalingState === "have-remote-offer" ? "answer" : "offer");
    const sdp = `${this.name}-${++this.generation} ${type}`;
    if (type === "offer") {
      if (this.signalingState !== "stable" && this.signalingState !== "have-local-offer")
        throw new Error(`InvalidStateError: offer in ${this.signalingState}`);
      this.localDescription = { type, sdp };
      this.signalingState = "have-local-offer";
    } else if (type === "answer") {
      if (this.signalingState !== "have-remote-offer")
        throw new Error(`InvalidStateError: answer in ${this.signalingState}`);
      this.localDescription = { type, sdp };
      this.signalingState = "stable";
    } else {
      throw new Error("not modelled: explicit rollback");
    }
  }

  async setRemoteDescription(description: Description): Promise<void> {
    await pause();
    if (description.type === "offer") {
      if (this.signalingState === "have-local-offer") this.rollbacks += 1;
      this.remoteDescription = description;
      this.signalingState = "have-remote-offer";
    } else if (description.type === "answer") {
      if (this.signalingState !== "have-local-offer")
        throw new Error(`InvalidStateError: answer in ${this.signalingState}`);
      this.remoteDescription = description;
      this.signalingState = "stable";
    }
  }

  async addIceCandidate(candidate: Candidate): Promise<void> {
    await pause();
    if (!this.remoteDescription) throw new Error("InvalidStateError: no remote description");
    if (candidate.usernameFragment !== ModelPeer.ufrag(this.remoteDescription))
      throw new Error("OperationError: unknown ufrag");
    this.candidates.push(candidate.candidate);
  }

  /** A candidate gathered for the current local description. */
  candidate(n: number): Candidate {
    return { candidate: `${this.name} candidate ${n}`, usernameFragment: ModelPeer.ufrag(this.localDescription) };
  }
}

/** Two peers joined by a wire that keeps each direction's order but delivers after a moment. */
function pair(politeA: boolean, politeB: boolean) {
  const errors: unknown[] = [];
  const a = new ModelPeer("a");
  const b = new ModelPeer("b");
  const inFlight = new Set<Promise<void>>();
  const wire = (to: () => Negotiation) => {
    let line: Promise<void> = Promise.resolve();
    return (message: Outgoing) => {
      const delivery = (line = line.then(pause).then(() => to().receive(message)));
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    };
  };
  // Each side's wire reaches the other only once messages flow, after both exist.
  const na: Negotiation = new Negotiation(
    a,
    politeA,
    wire(() => nb),
    (e) => errors.push(e),
  );
  const nb: Negotiation = new Negotiation(
    b,
    politeB,
    wire(() => na),
    (e) => errors.push(e),
  );
  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (inFlight.size === 0) return;
    }
  };
  return { a, b, na, nb, errors, settle };
}

describe("incomingDescription (the perfect negotiation rule)", () => {
  const base = { polite: false, makingOffer: false, signalingState: "stable", settingRemoteAnswer: false } as const;
  it("applies an offer when stable, and any answer", () => {
    expect(incomingDescription({ ...base, type: "offer" })).toBe("apply");
    expect(incomingDescription({ ...base, type: "answer", signalingState: "have-local-offer" })).toBe("apply");
  });
  it("on crossing offers, the impolite side ignores the other's and the polite side yields", () => {
    expect(incomingDescription({ ...base, type: "offer", makingOffer: true })).toBe("ignore");
    expect(incomingDescription({ ...base, type: "offer", signalingState: "have-local-offer" })).toBe("ignore");
    expect(incomingDescription({ ...base, polite: true, type: "offer", makingOffer: true })).toBe("apply");
    expect(incomingDescription({ ...base, polite: true, type: "offer", signalingState: "have-local-offer" })).toBe(
      "apply",
    );
  });
  it("takes an offer that arrives while its own answer is being applied as no collision", () => {
    expect(
      incomingDescription({ ...base, type: "offer", signalingState: "have-local-offer", settingRemoteAnswer: true }),
    ).toBe("apply");
  });
});

describe("Negotiation", () => {
  it("settles glare: both offer at once, the polite side rolls back and answers the impolite one's offer", async () => {
    for (let run = 0; run < 20; run++) {
      const { a, b, na, nb, errors, settle } = pair(false, true);
      await Promise.all([na.negotiationNeeded(), nb.negotiationNeeded()]);
      await settle();
      expect(errors).toEqual([]);
      expect([a.signalingState, b.signalingState]).toEqual(["stable", "stable"]);
      // The impolite side's offer won and was answered.
      expect(a.localDescription?.type).toBe("offer");
      expect(b.remoteDescription).toEqual(a.localDescription);
      expect(a.remoteDescription).toEqual(b.localDescription);
      expect(b.localDescription?.type).toBe("answer");
      expect(b.rollbacks).toBe(1);
    }
  });

  it("ignores, without an error, the candidates of the offer it ignored, and takes those of the winning one", async () => {
    const { a, b, na, nb, errors, settle } = pair(false, true);
    await Promise.all([na.negotiationNeeded(), nb.negotiationNeeded()]);
    // Each gathered a candidate for its own offer, sent behind it: b's belongs to the losing one.
    nb.candidate(b.candidate(1));
    na.candidate(a.candidate(1));
    await settle();
    expect(errors).toEqual([]);
    expect(b.candidates).toEqual(["a candidate 1"]);
    expect(a.candidates).toEqual([]);
  });

  it("lets either side renegotiate later (an ICE restart, a shared screen)", async () => {
    const { a, b, na, nb, errors, settle } = pair(false, true);
    await na.negotiationNeeded();
    await settle();
    await nb.negotiationNeeded();
    await settle();
    expect(errors).toEqual([]);
    expect([a.signalingState, b.signalingState]).toEqual(["stable", "stable"]);
    expect(a.remoteDescription?.type).toBe("offer");
    expect(b.remoteDescription?.type).toBe("answer");
  });

  it("without one polite side, crossing offers never settle: the rule is what makes glare safe", async () => {
    const stubborn = pair(false, false);
    await Promise.all([stubborn.na.negotiationNeeded(), stubborn.nb.negotiationNeeded()]);
    await stubborn.settle();
    expect([stubborn.a.signalingState, stubborn.b.signalingState]).toEqual(["have-local-offer", "have-local-offer"]);

    const yielding = pair(true, true);
    await Promise.all([yielding.na.negotiationNeeded(), yielding.nb.negotiationNeeded()]);
    await yielding.settle();
    expect(yielding.errors.map(String).some((e) => e.includes("InvalidStateError"))).toBe(true);
  });
});
