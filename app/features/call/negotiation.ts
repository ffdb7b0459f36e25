/**
 * "Perfect negotiation" (W3C WebRTC §10.7, MDN): both peers may start a negotiation whenever
 * their tracks or network change; when their offers cross ("glare"), the impolite peer ignores
 * the other's offer and the polite one rolls its own back and answers. Either side can then
 * restart ICE or add a track at any time without agreeing on who calls whom.
 *
 * Written against the small part of RTCPeerConnection it needs, so that its rules can be
 * checked without a browser. Browser-safe.
 */

export type Description = { type: "offer" | "answer" | "rollback"; sdp: string };
export type Candidate = {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
};
export type Outgoing = { description: Description } | { candidate: Candidate };

export interface SignalingPeer {
  readonly signalingState: string;
  readonly localDescription: { type: string; sdp: string } | null;
  /** Without an argument: the offer or answer that the current state calls for. */
  setLocalDescription(description?: Description): Promise<void>;
  setRemoteDescription(description: Description): Promise<void>;
  addIceCandidate(candidate: Candidate): Promise<void>;
}

export interface CollisionFacts {
  type: Description["type"];
  polite: boolean;
  /** This side is between deciding to offer and having its offer set. */
  makingOffer: boolean;
  signalingState: string;
  /** This side is applying an answer to its own offer, after which it will be stable. */
  settingRemoteAnswer: boolean;
}

/** What to do with an incoming description: apply it, or (impolite side, crossing offers) ignore it. */
export function incomingDescription(facts: CollisionFacts): "apply" | "ignore" {
  const readyForOffer = !facts.makingOffer && (facts.signalingState === "stable" || facts.settingRemoteAnswer);
  const collision = facts.type === "offer" && !readyForOffer;
  return collision && !facts.polite ? "ignore" : "apply";
}

export class Negotiation {
  private makingOffer = false;
  private ignoringOffer = false;
  private settingRemoteAnswer = false;
  /** Incoming messages are applied one at a time, in the order they were sent. */
  private incoming: Promise<void> = Promise.resolve();
  /** Runs between taking a remote offer and answering it: the last moment to add own tracks to the answer. */
  beforeAnswer: () => void = () => {};

  constructor(
    private readonly peer: SignalingPeer,
    readonly polite: boolean,
    private readonly send: (message: Outgoing) => void,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The peer connection's `negotiationneeded`: make and send an offer. */
  async negotiationNeeded(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.peer.setLocalDescription();
      const local = this.peer.localDescription;
      if (local) this.send({ description: { type: local.type as Description["type"], sdp: local.sdp } });
    } catch (error) {
      this.onError(error);
    } finally {
      this.makingOffer = false;
    }
  }

  /** The peer connection's `icecandidate`. */
  candidate(candidate: Candidate | null): void {
    if (candidate) this.send({ candidate });
  }

  /** A message from the other peer; resolves once it (and every earlier one) is applied. */
  receive(message: Outgoing): Promise<void> {
    this.incoming = this.incoming.then(() => this.apply(message)).catch(this.onError);
    return this.incoming;
  }

  private async apply(message: Outgoing): Promise<void> {
    if ("description" in message) {
      const { description } = message;
      const verdict = incomingDescription({
        type: description.type,
        polite: this.polite,
        makingOffer: this.makingOffer,
        signalingState: this.peer.signalingState,
        settingRemoteAnswer: this.settingRemoteAnswer,
      });
      this.ignoringOffer = verdict === "ignore";
      if (this.ignoringOffer) return;
      this.settingRemoteAnswer = description.type === "answer";
      try {
        // An offer over our own pending one rolls ours back implicitly (the polite side).
        await this.peer.setRemoteDescription(description);
      } finally {
        this.settingRemoteAnswer = false;
      }
      if (description.type === "offer") {
        this.beforeAnswer();
        await this.peer.setLocalDescription();
        const local = this.peer.localDescription;
        if (local) this.send({ description: { type: local.type as Description["type"], sdp: local.sdp } });
      }
      return;
    }
    try {
      await this.peer.addIceCandidate(message.candidate);
    } catch (error) {
      // Candidates of an offer we ignored cannot be added, and need not be.
      if (!this.ignoringOffer) throw error;
    }
  }
}
