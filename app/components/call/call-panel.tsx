import { useEffect, useRef, useState } from "react";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { callWindow } from "~/features/call/signals";
import { callFeed } from "~/engine/live/feed-names";
import type { CallPayload } from "~/engine/live/feeds";
import { CallSession, type CallView } from "./call-session.client";
import { rememberedCall } from "./remembered-call.client";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { CallErrorText } from "./signal-outbox.client";
import { nameInPlainText, type ShownName } from "~/features/members/member";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { isolatedInRightToLeft } from "~/utils/format";
import { IsolatedName } from "../members/isolated-name";

/** A signalling error: the server's words as sent, or the panel's own. */
function errorText(t: TFunction, error: CallErrorText): string {
  return "text" in error ? error.text : t(`call.error.${error.key}`);
}

export interface CallPanelProps {
  bookingId: string;
  uid: string;
  otherUid: string;
  otherName: ShownName;
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
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  const { session, view } = useCallSession(props);
  // Inside right-to-left sentences the other member's name is isolated, so a Latin name keeps its order.
  const otherName = isolatedInRightToLeft(props.otherName.text, locale);
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
        {t("call.title")}
      </h2>
      {!view || !session ? (
        <p className="mt-1 text-sm text-slate-600">{t("call.loading")}</p>
      ) : view.phase === "idle" || view.phase === "taken-over" ? (
        <CallLobby
          view={view}
          opening={opening}
          otherName={otherName}
          onJoin={() => void (view.phase === "taken-over" ? session.join() : session.preview())}
        />
      ) : view.phase === "preview" ? (
        <CallPreview view={view} session={session} />
      ) : (
        <CallStage
          view={view}
          session={session}
          other={props.otherName}
          otherName={otherName}
          videoLabel={t("call.theirVideo", { name: nameInPlainText(props.otherName) })}
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
  const { t } = useTranslation("chat");
  if (view.phase === "taken-over") {
    return (
      <div className="mt-2 space-y-3">
        <p role="status" className="text-sm text-slate-700">
          {t("call.takenOver")}
        </p>
        {opening === "open" ? (
          <button type="button" className="btn-secondary" onClick={onJoin}>
            {t("call.moveHere")}
          </button>
        ) : null}
      </div>
    );
  }
  const text = t(`call.lobby.${opening}`, { name: otherName });
  return (
    <div className="mt-2 space-y-3">
      <p className="text-sm text-slate-600">{text}</p>
      {view.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(t, view.error)}
        </p>
      ) : null}
      {opening === "open" ? (
        <button type="button" className="btn-primary" onClick={onJoin}>
          {t("call.join")}
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
  const { t } = useTranslation("chat");
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
          {t("call.soundOn")}
        </button>
      ) : null}
    </>
  );
}

function DeviceChoices({ view, session }: { view: CallView; session: CallSession }) {
  const { t } = useTranslation("chat");
  const lists = [
    { kind: "camera" as const, devices: view.devices.cameras, value: view.choice.camera },
    { kind: "microphone" as const, devices: view.devices.microphones, value: view.choice.microphone },
    { kind: "speaker" as const, devices: view.devices.speakers, value: view.choice.speaker },
  ].filter((list) => list.devices.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      {lists.map((list) => (
        <div key={list.kind}>
          <label htmlFor={`call-${list.kind}`} className="label">
            {t(`call.device.${list.kind}`)}
          </label>
          <select
            id={`call-${list.kind}`}
            className="input"
            value={list.value ?? ""}
            onChange={(e) => void session.chooseDevice(list.kind, e.target.value)}
          >
            {list.devices.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId} translate={d.label ? "no" : undefined}>
                {d.label || t(`call.device.numbered.${list.kind}`, { number: i + 1 })}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

function MediaNotice({ view }: { view: CallView }) {
  const { t } = useTranslation("chat");
  return view.notice ? (
    <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {t(view.notice)}
    </p>
  ) : null;
}

function MediaToggles({ view, session }: { view: CallView; session: CallSession }) {
  const { t } = useTranslation("chat");
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={!view.micOn}
        disabled={!view.hasMic}
        onClick={() => session.toggleMic()}
      >
        {view.micOn && view.hasMic ? t("call.mute") : t("call.unmute")}
      </button>
      <button
        type="button"
        className="btn-secondary"
        aria-pressed={!view.cameraOn}
        disabled={!view.hasCamera}
        onClick={() => session.toggleCamera()}
      >
        {view.cameraOn && view.hasCamera ? t("call.cameraOff") : t("call.cameraOn")}
      </button>
    </>
  );
}

function CallPreview({ view, session }: { view: CallView; session: CallSession }) {
  const { t } = useTranslation("chat");
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-slate-600">{t("call.preview")}</p>
      <div className="relative mx-auto aspect-video w-full max-w-md overflow-hidden rounded-xl bg-slate-900">
        <StreamVideo
          stream={view.local}
          muted
          label={t("call.yourCamera")}
          className="h-full w-full -scale-x-100 object-cover"
        />
        {!view.hasCamera || !view.cameraOn ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-300">{t("call.cameraIsOff")}</p>
        ) : null}
      </div>
      <MediaNotice view={view} />
      <DeviceChoices view={view} session={session} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => void session.join()}>
          {t("call.joinNow")}
        </button>
        <MediaToggles view={view} session={session} />
        <button type="button" className="btn-secondary" onClick={() => session.cancelPreview()}>
          {t("call.cancel")}
        </button>
      </div>
    </div>
  );
}

function statusText(t: TFunction, view: CallView, otherName: string): string {
  switch (view.phase) {
    case "joining":
    case "waiting":
    case "connecting":
    case "connected":
    case "reconnecting":
    case "other-left":
      return t(`call.status.${view.phase}`, { name: otherName });
    default:
      return "";
  }
}

function CallStage({
  view,
  session,
  other,
  otherName,
  videoLabel,
  role,
  meetingLink,
}: {
  view: CallView;
  session: CallSession;
  /** The other member's name on its own (the video box); `otherName` is how sentences name them. */
  other: ShownName;
  otherName: string;
  /** The other member's video's name: a label holds no <bdi>, so its name is isolated in every language (decision 119). */
  videoLabel: string;
  role: "mentor" | "learner";
  meetingLink: string;
}) {
  const { t } = useTranslation("chat");
  const canShare = typeof navigator !== "undefined" && !!navigator.mediaDevices?.getDisplayMedia;
  const theirCameraOff = view.other !== null && !view.other.video;
  return (
    <div className="mt-3 space-y-3">
      <p role="status" className="text-sm font-medium text-slate-700" data-testid="call-status">
        {statusText(t, view, otherName)}
      </p>
      {view.cannotConnect ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("call.cannotConnect")}{" "}
          {meetingLink
            ? t("call.useLink")
            : role === "mentor"
              ? t("call.addLink")
              : t("call.askForLink", { name: otherName })}
        </p>
      ) : null}
      <div className="grid gap-2 sm:relative sm:block">
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
          <StreamVideo
            stream={view.remote}
            muted={false}
            label={videoLabel}
            className="h-full w-full object-contain"
            speaker={view.choice.speaker}
          />
          {!view.remote || theirCameraOff ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-slate-300">
              {view.remote ? t("call.theirCameraOff", { name: otherName }) : <IsolatedName name={other} />}
            </p>
          ) : null}
          <div className="absolute bottom-2 start-2 flex flex-wrap gap-1">
            {view.other && !view.other.audio ? (
              <span className="rounded-full bg-black/70 px-2 py-0.5 text-xs text-white" data-testid="remote-muted">
                {t("call.theyAreMuted", { name: otherName })}
              </span>
            ) : null}
            {view.other?.screen ? (
              <span className="rounded-full bg-black/70 px-2 py-0.5 text-xs text-white">
                {t("call.theyShare", { name: otherName })}
              </span>
            ) : null}
          </div>
        </div>
        <div className="relative aspect-video w-1/2 overflow-hidden rounded-lg bg-slate-800 ring-2 ring-white sm:absolute sm:bottom-3 sm:end-3 sm:w-1/4">
          <StreamVideo
            stream={view.local}
            muted
            label={t("call.yourVideo")}
            className={`h-full w-full object-cover ${view.sharing ? "" : "-scale-x-100"}`}
          />
          {!view.sharing && (!view.hasCamera || !view.cameraOn) ? (
            <p className="absolute inset-0 grid place-items-center text-xs text-slate-300">{t("call.cameraIsOff")}</p>
          ) : null}
        </div>
      </div>
      <MediaNotice view={view} />
      {view.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(t, view.error)}
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
            {view.sharing ? t("call.stopSharing") : t("call.share")}
          </button>
        ) : null}
        <button type="button" className="btn-danger" onClick={() => void session.leave()}>
          {t("call.leave")}
        </button>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600">{t("call.devices")}</summary>
        <div className="mt-2">
          <DeviceChoices view={view} session={session} />
        </div>
      </details>
    </div>
  );
}
