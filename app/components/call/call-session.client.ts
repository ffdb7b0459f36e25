/**
 * One member's side of the session room's video call: local media, one RTCPeerConnection to the
 * other member's current tab, and the signalling that joins them (posted to
 * /api/bookings/:id/signals, received through the call:<bookingId> live feed). React reads it
 * through `subscribe`/`view`; it knows nothing about rendering. Browser only.
 */
import { Negotiation, type Outgoing } from "~/features/call/negotiation";
import type { SignalInput } from "~/features/call/signals";
import type { CallMember, CallPayload } from "~/engine/live/feeds";
import {
  acquireMedia,
  acquireTrack,
  listDevices,
  type CallNotice,
  type DeviceChoice,
  type DeviceLists,
} from "./media.client";
import { forgetCall, rememberCall, type RememberedCall } from "./remembered-call.client";
import { createSignalOutbox, type CallErrorText } from "./signal-outbox.client";

export type CallPhase =
  | "idle"
  | "preview"
  | "joining"
  | "waiting"
  | "connecting"
  | "connected"
  | "reconnecting"
  | "other-left"
  | "taken-over";

export interface CallView {
  phase: CallPhase;
  local: MediaStream | null;
  remote: MediaStream | null;
  hasMic: boolean;
  hasCamera: boolean;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  /** Why the camera or microphone is not in use, in words a person can act on (call.notice.<key>). */
  notice: CallNotice | null;
  /** The last signalling error worth showing. */
  error: CallErrorText | null;
  /** Never connected for a while: a firewall is in the way (no TURN server), use the meeting link. */
  cannotConnect: boolean;
  other: Pick<CallMember, "audio" | "video" | "screen"> | null;
  devices: DeviceLists;
  choice: DeviceChoice & { speaker?: string };
}

export interface CallOptions {
  bookingId: string;
  uid: string;
  otherUid: string;
  /** The polite peer yields when both offer at once (perfect negotiation): the learner. */
  polite: boolean;
  iceServers: RTCIceServer[];
}

/** How long a first connection may take before the room suggests the meeting link. */
const CANNOT_CONNECT_MS = 20_000;
/** Before the first connection, the offering side restarts ICE this often. */
const RETRY_FIRST_CONNECTION_MS = 5_000;
/** A dropped connection gets this long to come back by itself before ICE is restarted. */
const RESTART_AFTER_MS = 3_000;

function newPeerId(): string {
  return crypto.randomUUID();
}

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

export class CallSession {
  private listeners = new Set<() => void>();
  private state: CallView = {
    phase: "idle",
    local: null,
    remote: null,
    hasMic: false,
    hasCamera: false,
    micOn: true,
    cameraOn: true,
    sharing: false,
    notice: null,
    error: null,
    cannotConnect: false,
    other: null,
    devices: NO_DEVICES,
    choice: {},
  };
  private mic: MediaStreamTrack | null = null;
  private camera: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  /** This tab's id in the call while it holds it. */
  private peer: string | null = null;
  /** The server has shown our join back to us; from then on another peer of ours means a takeover. */
  private confirmed = false;
  private pc: RTCPeerConnection | null = null;
  private remotePeer: string | null = null;
  private negotiation: Negotiation | null = null;
  private audioSender: RTCRtpSender | null = null;
  private videoSender: RTCRtpSender | null = null;
  private sentSeq = 0;
  private appliedSeq = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setInterval> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly send: ReturnType<typeof createSignalOutbox>;
  private readonly restartIce = () => this.pc?.restartIce();

  constructor(private readonly options: CallOptions) {
    this.send = createSignalOutbox(options.bookingId);
    window.addEventListener("online", this.restartIce);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  view = (): CallView => this.state;

  /** The peer id while this tab holds the call (the live feed is followed only then). */
  get joinedPeer(): string | null {
    return this.peer;
  }

  private set(patch: Partial<CallView>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private localStream(): MediaStream | null {
    const video = this.screen ?? this.camera;
    return video ? new MediaStream([video]) : null;
  }

  /** Camera and microphone before joining, with the device lists to choose from. */
  async preview(choice: DeviceChoice = this.state.choice): Promise<void> {
    this.set({ phase: "preview", error: null });
    await this.acquire(choice);
  }

  private async acquire(
    choice: DeviceChoice,
    on = { micOn: this.state.micOn, cameraOn: this.state.cameraOn },
  ): Promise<void> {
    this.stopTracks();
    const media = await acquireMedia(choice);
    this.mic = media.audio;
    this.camera = media.video;
    if (this.mic) this.mic.enabled = on.micOn;
    if (this.camera) this.camera.enabled = on.cameraOn;
    const devices = await listDevices().catch(() => NO_DEVICES);
    this.set({
      local: this.localStream(),
      hasMic: !!this.mic,
      hasCamera: !!this.camera,
      micOn: on.micOn,
      cameraOn: on.cameraOn,
      notice: media.notice,
      devices,
      choice: {
        ...this.state.choice,
        camera: this.camera?.getSettings().deviceId ?? choice.camera,
        microphone: this.mic?.getSettings().deviceId ?? choice.microphone,
      },
    });
  }

  /** Joins (or takes over, from another tab) the call. `remembered`: coming back after a reload. */
  async join(remembered?: RememberedCall): Promise<void> {
    if (remembered || (!this.mic && !this.camera && this.state.phase !== "preview")) {
      this.set({ phase: "joining" });
      await this.acquire(remembered ?? this.state.choice, remembered ?? undefined);
    }
    this.set({ phase: "joining", error: null, cannotConnect: false });
    const peer = newPeerId();
    this.peer = peer;
    this.confirmed = false;
    const ok = await this.post({ type: "join", peer, audio: this.micOn(), video: this.cameraOn(), screen: false });
    if (!ok || this.peer !== peer) {
      if (this.peer === peer) this.peer = null;
      this.set({ phase: "idle" });
      return;
    }
    this.remember();
    this.set({ phase: "waiting" });
  }

  private micOn(): boolean {
    return !!this.mic && this.mic.enabled;
  }

  private cameraOn(): boolean {
    return !!this.camera && this.camera.enabled;
  }

  private remember(): void {
    const { camera, microphone } = this.state.choice;
    rememberCall(this.options.bookingId, {
      camera,
      microphone,
      micOn: this.state.micOn,
      cameraOn: this.state.cameraOn,
    });
  }

  private forget(): void {
    forgetCall(this.options.bookingId);
  }

  /** The latest call feed: who holds the call on each side, their media, and messages for us. */
  receive(payload: CallPayload): void {
    if (!this.peer) return;
    const mine = payload.members[this.options.uid];
    if (mine?.peer === this.peer) this.confirmed = true;
    else if (this.confirmed) return this.takenOver();
    if (!this.confirmed) return;

    const other = payload.members[this.options.otherUid];
    this.set({ other: other?.peer ? { audio: other.audio, video: other.video, screen: other.screen } : null });
    if (!other?.peer) {
      this.closePeerConnection();
      this.set({ phase: other?.left ? "other-left" : "waiting", remote: null, cannotConnect: false });
      return;
    }
    if (other.peer !== this.remotePeer) this.connect(other.peer);
    const pending = payload.messages
      .filter((m) => m.fromPeer === this.remotePeer && m.toPeer === this.peer && m.seq > this.appliedSeq)
      .sort((a, b) => a.seq - b.seq);
    for (const message of pending) {
      // Sent one after another, so they are stored in order; a gap fills in with the next update.
      if (message.seq !== this.appliedSeq + 1) break;
      this.appliedSeq = message.seq;
      if (message.description) void this.negotiation?.receive({ description: message.description });
      else if (message.candidate) void this.negotiation?.receive({ candidate: message.candidate });
    }
  }

  private connect(remotePeer: string): void {
    this.closePeerConnection();
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    this.remotePeer = remotePeer;
    this.sentSeq = 0;
    this.appliedSeq = 0;
    this.everConnected = false;
    // A failed step is logged; the connection's state (and the retries below) tell the person.
    const negotiation = new Negotiation(
      pc,
      this.options.polite,
      (message) => this.sendToPeer(pc, message),
      (error) => console.warn("call negotiation:", error),
    );
    this.negotiation = negotiation;
    pc.onnegotiationneeded = () => void negotiation.negotiationNeeded();
    pc.onicecandidate = (event) =>
      negotiation.candidate(
        event.candidate ? (event.candidate.toJSON() as Parameters<Negotiation["candidate"]>[0]) : null,
      );
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      if (pc !== this.pc) return;
      remote.addTrack(event.track);
      this.set({ remote: new MediaStream(remote.getTracks()) });
    };
    pc.onconnectionstatechange = () => this.connectionChanged(pc);
    if (this.options.polite) {
      // The polite side answers the other's first offer with its own tracks instead of offering
      // at the same time: glare is handled either way, but Chromium may then gather no candidates
      // for the answer after rolling its own offer back.
      let added = false;
      negotiation.beforeAnswer = () => {
        if (!added && pc === this.pc) this.addOwnMedia(pc);
        added = true;
      };
    } else {
      this.addOwnMedia(pc);
    }
    this.set({ phase: "connecting", remote: null, cannotConnect: false });
    this.watchFirstConnection();
  }

  /** Own tracks on the connection; for a kind we cannot send, a receive-only slot, so we still see and hear the other. */
  private addOwnMedia(pc: RTCPeerConnection): void {
    const video = this.screen ?? this.camera;
    const stream = new MediaStream([this.mic, video].filter((t): t is MediaStreamTrack => !!t));
    this.audioSender = this.mic ? pc.addTrack(this.mic, stream) : null;
    this.videoSender = video ? pc.addTrack(video, stream) : null;
    if (!this.mic) pc.addTransceiver("audio", { direction: "recvonly" });
    if (!video) pc.addTransceiver("video", { direction: "recvonly" });
  }

  private watchFirstConnection(): void {
    clearInterval(this.retryTimer);
    const started = Date.now();
    // Until the first connection, the side that offers tries again with fresh ICE now and then;
    // after a while the room also points at the meeting link.
    this.retryTimer = setInterval(() => {
      const pc = this.pc;
      if (!pc || pc.connectionState === "connected") return clearInterval(this.retryTimer);
      if (!this.options.polite && pc.signalingState === "stable") pc.restartIce();
      if (Date.now() - started >= CANNOT_CONNECT_MS) this.set({ cannotConnect: true });
    }, RETRY_FIRST_CONNECTION_MS);
  }

  private connectionChanged(pc: RTCPeerConnection): void {
    if (pc !== this.pc) return;
    clearTimeout(this.restartTimer);
    switch (pc.connectionState) {
      case "connected":
        this.everConnected = true;
        clearInterval(this.retryTimer);
        this.set({ phase: "connected", cannotConnect: false });
        break;
      case "disconnected":
        // Often back by itself (a brief network drop); if not, look for a new path.
        this.set({ phase: "reconnecting" });
        this.restartTimer = setTimeout(
          () => pc === this.pc && pc.connectionState !== "connected" && pc.restartIce(),
          RESTART_AFTER_MS,
        );
        break;
      case "failed":
        this.set({ phase: this.everConnected ? "reconnecting" : "connecting" });
        pc.restartIce();
        if (!this.everConnected) this.set({ cannotConnect: true });
        break;
      default:
        this.set({ phase: this.everConnected ? "reconnecting" : "connecting" });
    }
  }

  private sendToPeer(pc: RTCPeerConnection, message: Outgoing): void {
    if (pc !== this.pc || !this.peer || !this.remotePeer) return;
    const base = { peer: this.peer, toPeer: this.remotePeer, seq: ++this.sentSeq };
    void this.post(
      "description" in message
        ? { type: "description", ...base, description: message.description }
        : { type: "candidate", ...base, candidate: message.candidate },
    );
  }

  /** Posts a signal (in order with the others); answers whether the server took it. */
  private async post(body: SignalInput): Promise<boolean> {
    const outcome = await this.send(body);
    if (outcome.ok) return true;
    if (outcome.moved && body.type !== "join") {
      if (body.peer === this.peer) this.takenOver();
    } else if (body.type !== "leave") {
      this.set({ error: outcome.error });
    }
    return false;
  }

  private postMedia(): void {
    if (this.peer)
      void this.post({
        type: "media",
        peer: this.peer,
        audio: this.micOn(),
        video: this.cameraOn() || !!this.screen,
        screen: !!this.screen,
      });
    if (this.peer) this.remember();
  }

  toggleMic(): void {
    if (!this.mic) return;
    this.mic.enabled = !this.mic.enabled;
    this.set({ micOn: this.mic.enabled });
    this.postMedia();
  }

  toggleCamera(): void {
    if (!this.camera) return;
    this.camera.enabled = !this.camera.enabled;
    this.set({ cameraOn: this.camera.enabled });
    this.postMedia();
  }

  async shareScreen(): Promise<void> {
    let track: MediaStreamTrack | undefined;
    try {
      track = (await navigator.mediaDevices.getDisplayMedia({ video: true })).getVideoTracks()[0];
    } catch {
      return; // The person cancelled the browser's picker.
    }
    if (!track) return;
    this.screen = track;
    track.addEventListener("ended", () => void this.stopSharing());
    await this.sendVideo(track);
    this.set({ sharing: true, local: this.localStream() });
    this.postMedia();
  }

  async stopSharing(): Promise<void> {
    if (!this.screen) return;
    this.screen.stop();
    this.screen = null;
    await this.sendVideo(this.camera);
    this.set({ sharing: false, local: this.localStream() });
    this.postMedia();
  }

  private async sendVideo(track: MediaStreamTrack | null): Promise<void> {
    if (this.videoSender) await this.videoSender.replaceTrack(track);
    else if (this.pc && track) this.videoSender = this.pc.addTrack(track, new MediaStream([track]));
  }

  async chooseDevice(kind: "camera" | "microphone" | "speaker", deviceId: string): Promise<void> {
    if (kind === "speaker") {
      this.set({ choice: { ...this.state.choice, speaker: deviceId } });
      return;
    }
    const track = await acquireTrack(kind === "camera" ? "video" : "audio", deviceId);
    if (!track) {
      this.set({
        notice: kind === "camera" ? "call.notice.cameraFailed" : "call.notice.microphoneFailed",
      });
      return;
    }
    if (kind === "camera") {
      track.enabled = this.state.cameraOn;
      this.camera?.stop();
      this.camera = track;
      if (!this.screen) await this.sendVideo(track);
    } else {
      track.enabled = this.state.micOn;
      this.mic?.stop();
      this.mic = track;
      if (this.audioSender) await this.audioSender.replaceTrack(track);
      else if (this.pc) this.audioSender = this.pc.addTrack(track, new MediaStream([track]));
    }
    this.set({
      choice: { ...this.state.choice, [kind]: deviceId },
      local: this.localStream(),
      hasCamera: !!this.camera,
      hasMic: !!this.mic,
      notice: null,
    });
    if (this.peer) this.remember();
  }

  /** Leaves the call on purpose: the other member is told. */
  async leave(): Promise<void> {
    const peer = this.peer;
    this.end("idle");
    this.forget();
    if (peer) await this.post({ type: "leave", peer });
  }

  /** Backs out of the preview without joining. */
  cancelPreview(): void {
    this.end("idle");
  }

  private takenOver(): void {
    this.forget();
    this.end("taken-over");
  }

  private end(phase: CallPhase): void {
    this.peer = null;
    this.confirmed = false;
    this.closePeerConnection();
    this.stopTracks();
    this.set({ phase, local: null, remote: null, other: null, sharing: false, cannotConnect: false });
  }

  private closePeerConnection(): void {
    clearInterval(this.retryTimer);
    clearTimeout(this.restartTimer);
    this.pc?.close();
    this.pc = null;
    this.remotePeer = null;
    this.negotiation = null;
    this.audioSender = null;
    this.videoSender = null;
  }

  private stopTracks(): void {
    for (const track of [this.mic, this.camera, this.screen]) track?.stop();
    this.mic = this.camera = this.screen = null;
  }

  /** The page is going away (not a Leave): media and connection stop; the other side reconnects when we are back. */
  dispose(): void {
    window.removeEventListener("online", this.restartIce);
    this.peer = null;
    this.closePeerConnection();
    this.stopTracks();
    this.listeners.clear();
  }
}
