import { useEffect, useRef, useState } from "react";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { callWindow } from "~/features/call/signals";
import { callFeed } from "~/engine/live/feed-names";
import type { CallPayload } from "~/engine/live/feeds";
import { CallSession, type CallView } from "./call-session.client";
import { rememberedCall } from "./remembered-call.client";

export interface CallPanelProps {
  bookingId: string;
  uid: string;
  otherUid: string;
  otherName: string;
  role: "mentor" | "learner";
  booking: { state: string; start: number; end: number };
  meetingLink: string;
  iceServers: RTCIceServer[];
  now: number;
}

const NO_SIGNALS: CallPayload = { members: {}, messages: [] };

/** The call's session object (browser only) and its view, re-rendered as it changes. */
function useCallSession(props: CallPanelProps) {
  const [session, setSession] = useState<CallSession | null>(null);
  const [view, setView] = useState<CallView | null>(null);
  const { bookingId, uid, otherUid, role } = props;
  const iceServers = useRef(props.iceServers).current;
  useEffect(() => {
    const created = new CallSession({ bookingId, uid, otherUid, polite: role === "learner", iceServers });
    setSession(created);
    setView(created.view());
    const stop = created.subscribe(() => setView(created.view()));
    return () => {
      stop();
      // Leaving the room within the app leaves the call; a reload never gets here and comes back.
      if (created.joinedPeer) void created.leave();
      created.dispose();
    };
  }, [bookingId, uid, otherUid, role, iceServers]);
  return { session, view };
}

export function CallPanel(props: CallPanelProps) {
  const { session, view } = useCallSession(props);
  const opening = callWindow(props.booking, props.now);
  const inCall = !!view && !["idle", "preview", "taken-over"].includes(view.phase);
  const feed = useLiveFeed(callFeed(props.bookingId), NO_SIGNALS, { enabled: inCall && view?.phase !== "joining" });
  useEffect(() => {
    if (session && feed !== NO_SIGNALS) session.receive(feed);
  }, [session, feed]);

  // Back after a reload: join again at once, with the same devices.
  const resumed = useRef(false);
  useEffect(() => {
    if (!session || resumed.current || opening !== "open") return;
    resumed.current = true;
    const remembered = rememberedCall(props.bookingId);
    if (remembered) void session.join(remembered);
  }, [session, opening, props.bookingId]);

  // The session's time is over: the call ends with it.
  useEffect(() => {
    if (opening === "over" && session?.joinedPeer) void session.leave();
  }, [opening, session]);

  return (
    <section className="card" aria-labelledby="call-title">
      <h2 id="call-title" className="text-lg font-semibold">
        Video call
      </h2>
      {!view || !session ? (
        <p className="mt-1 text-sm text-slate-600">Loading the call…</p>
      ) : view.phase === "idle" || view.phase === "taken-over" ? (
        <CallLobby
          view={view}
          opening={opening}
          otherName={props.otherName}
          onJoin={() => void (view.phase === "taken-over" ? session.join() : session.preview())}
        />
      ) : view.phase === "preview" ? (
        <CallPreview view={view} session={session} />
      ) : (
        <CallStage
          view={view}
          session={session}
          otherName={props.otherName}
          role={props.role}
          meetingLink={props.meetingLink}
        />
      )}
    </section>
  );
}

function CallLobby({
  view,
  opening,
  otherName,
  onJoin,
}: {
  view: CallView;
  opening: ReturnType<typeof callWindow>;
  otherName: string;
  onJoin: () => void;
}) {
  if (view.phase === "taken-over") {
    return (
      <div className="mt-2 space-y-3">
        <p role="status" className="text-sm text-slate-700">
          You joined this call from another tab or device.
        </p>
        {opening === "open" ? (
          <button type="button" className="btn-secondary" onClick={onJoin}>
            Move the call here
          </button>
        ) : null}
      </div>
    );
  }
  const text = {
    open: `Meet ${otherName} right here, with camera and microphone. The meeting link stays as a fallback.`,
    "too-early": "You can join the call from 10 minutes before the session starts.",
    over: "This session has ended, and its call with it.",
    "not-accepted": "The call opens once the session is accepted, from 10 minutes before it starts.",
  }[opening];
  return (
    <div className="mt-2 space-y-3">
      <p className="text-sm text-slate-600">{text}</p>
      {view.error ? (
        <p role="alert" className="text-sm text-red-700">
          {view.error}
        </p>
      ) : null}
      {opening === "open" ? (
        <button type="button" className="btn-primary" onClick={onJoin}>
          Join call
        </button>
      ) : null}
    </div>
  );
}

/** Plays a stream in a video element; muted elements (our own picture) never echo. */
function StreamVideo({
  stream,
  muted,
  label,
  className,
  speaker,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
  speaker?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [needsClick, setNeedsClick] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (!stream) return;
    video.play().catch(() => {
      // Sound without a click first (e.g. right after a reload) is refused: play silently, offer sound.
      if (muted) return;
      video.muted = true;
      setNeedsClick(true);
      void video.play().catch(() => {});
    });
  }, [stream, muted]);
  useEffect(() => {
    const video = ref.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (speaker && video?.setSinkId) void video.setSinkId(speaker).catch(() => {});
  }, [speaker]);
  return (
    <>
      {/* A live call has no caption track to offer; the browser's own live captions apply. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video ref={ref} aria-label={label} className={className} autoPlay playsInline muted={muted} />
      {needsClick ? (
        <button
          type="button"
          className="btn-secondary absolute start-3 top-3 text-xs"
          onClick={() => {
            if (ref.current) ref.current.muted = false;
            setNeedsClick(false);
          }}
        >
          Turn sound on
        </button>
      ) : null}
    </>
  );
}

function DeviceChoices({ view, session }: { view: CallView; session: CallSession }) {
  const lists = [
    { kind: "camera" as const, label: "Camera", devices: view.devices.cameras, value: view.choice.camera },
    {
      kind: "microphone" as const,
      label: "Microphone",
      devices: view.devices.microphones,
      value: view.choice.microphone,
    },
    { kind: "speaker" as const, label: "Speaker", devices: view.devices.speakers, value: view.choice.speaker },
  ].filter((list) => list.devices.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      {lists.map((list) => (
        <div key={list.kind}>
          <label htmlFor={`call-${list.kind}`} className="label">
            {list.label}
          </label>
          <select
            id={`call-${list.kind}`}
            className="input"
            value={list.value ?? ""}
            onChange={(e) => void session.chooseDevice(list.kind, e.target.value)}
          >
            {list.devices.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || `${list.label} ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

function MediaNotice({ view }: { view: CallView }) {
  return view.notice ? (
    <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {view.notice}
    </p>
  ) : null;
}

function MediaToggles({ view, session }: { view: CallView; session: CallSession }) {
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={!view.micOn}
        disabled={!view.hasMic}
        onClick={() => session.toggleMic()}
      >
        {view.micOn && view.hasMic ? "Mute" : "Unmute"}
      </button>
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={!view.cameraOn}
        disabled={!view.hasCamera}
        onClick={() => session.toggleCamera()}
      >
        {view.cameraOn && view.hasCamera ? "Turn camera off" : "Turn camera on"}
      </button>
    </>
  );
}

function CallPreview({ view, session }: { view: CallView; session: CallSession }) {
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-slate-600">Check your camera and microphone, then join.</p>
      <div className="relative mx-auto aspect-video w-full max-w-md overflow-hidden rounded-xl bg-slate-900">
        <StreamVideo
          stream={view.local}
          muted
          label="Your camera"
          className="h-full w-full -scale-x-100 object-cover"
        />
        {!view.hasCamera || !view.cameraOn ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-300">Camera off</p>
        ) : null}
      </div>
      <MediaNotice view={view} />
      <DeviceChoices view={view} session={session} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => void session.join()}>
          Join now
        </button>
        <MediaToggles view={view} session={session} />
        <button type="button" className="btn-secondary" onClick={() => session.cancelPreview()}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function statusText(view: CallView, otherName: string): string {
  switch (view.phase) {
    case "joining":
      return "Joining…";
    case "waiting":
      return `Waiting for ${otherName} to join…`;
    case "connecting":
      return `Connecting to ${otherName}…`;
    case "connected":
      return `Connected with ${otherName}`;
    case "reconnecting":
      return "Reconnecting…";
    case "other-left":
      return `${otherName} left the call.`;
    default:
      return "";
  }
}

function CallStage({
  view,
  session,
  otherName,
  role,
  meetingLink,
}: {
  view: CallView;
  session: CallSession;
  otherName: string;
  role: "mentor" | "learner";
  meetingLink: string;
}) {
  const canShare = typeof navigator !== "undefined" && !!navigator.mediaDevices?.getDisplayMedia;
  const theirCameraOff = view.other !== null && !view.other.video;
  return (
    <div className="mt-3 space-y-3">
      <p role="status" className="text-sm font-medium text-slate-700" data-testid="call-status">
        {statusText(view, otherName)}
      </p>
      {view.cannotConnect ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The direct call cannot connect (a strict firewall may be in the way).{" "}
          {meetingLink
            ? "Use the meeting link above instead."
            : role === "mentor"
              ? "Add a meeting link above and meet there instead."
              : `Ask ${otherName} to add a meeting link above.`}
        </p>
      ) : null}
      <div className="grid gap-2 sm:relative sm:block">
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
          <StreamVideo
            stream={view.remote}
            muted={false}
            label={`${otherName}'s video`}
            className="h-full w-full object-contain"
            speaker={view.choice.speaker}
          />
          {!view.remote || theirCameraOff ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-slate-300">
              {view.remote ? `${otherName}'s camera is off` : otherName}
            </p>
          ) : null}
          <div className="absolute bottom-2 start-2 flex flex-wrap gap-1">
            {view.other && !view.other.audio ? (
              <span className="rounded-full bg-black/70 px-2 py-0.5 text-xs text-white" data-testid="remote-muted">
                {otherName} is muted
              </span>
            ) : null}
            {view.other?.screen ? (
              <span className="rounded-full bg-black/70 px-2 py-0.5 text-xs text-white">
                {otherName} is sharing their screen
              </span>
            ) : null}
          </div>
        </div>
        <div className="relative aspect-video w-1/2 overflow-hidden rounded-lg bg-slate-800 ring-2 ring-white sm:absolute sm:bottom-3 sm:end-3 sm:w-1/4">
          <StreamVideo
            stream={view.local}
            muted
            label="Your video"
            className={`h-full w-full object-cover ${view.sharing ? "" : "-scale-x-100"}`}
          />
          {!view.sharing && (!view.hasCamera || !view.cameraOn) ? (
            <p className="absolute inset-0 grid place-items-center text-xs text-slate-300">Camera off</p>
          ) : null}
        </div>
      </div>
      <MediaNotice view={view} />
      {view.error ? (
        <p role="alert" className="text-sm text-red-700">
          {view.error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <MediaToggles view={view} session={session} />
        {canShare ? (
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={view.sharing}
            onClick={() => void (view.sharing ? session.stopSharing() : session.shareScreen())}
          >
            {view.sharing ? "Stop sharing" : "Share screen"}
          </button>
        ) : null}
        <button type="button" className="btn-danger" onClick={() => void session.leave()}>
          Leave
        </button>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">Devices</summary>
        <div className="mt-2">
          <DeviceChoices view={view} session={session} />
        </div>
      </details>
    </div>
  );
}
