import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CallPanel } from "~/components/call/call-panel";
import { useMarkSeen } from "~/components/chat/use-mark-seen";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { PlainPage } from "~/components/plain-page";
import { countdown, formatDateTime, formatTime } from "~/features/bookings/format";
import { SessionRange } from "./session-range";
import type { BookingActionResult } from "~/features/bookings/types";
import { newerBooking, roomPayload, type RoomPayload } from "~/features/bookings/room";
import { bookingFeed, chatMessagesFeed } from "~/engine/live/feed-names";
import type { BookingPayload, ChatMessagePayload } from "~/engine/live/feeds";
import { cancellationCost, MAX_DISPUTE_REASON } from "~/features/bookings/state";
import { MAX_REVIEW_COMMENT } from "~/features/reviews/types";
import { PayoutWaits } from "./session-list";
import { SessionStateBadge } from "./upcoming-sessions-widget";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber, formatSp } from "~/utils/format";
import { IsolatedName } from "~/components/members/isolated-name";
import { nameInPlainText, type ShownName } from "~/features/members/member";

export interface SessionRoomData {
  id: string;
  uid: string;
  /** The taxonomy's name in the reader's language, or the member's own tag as written (skillOwn). */
  skillLabel: string;
  skillOwn: boolean;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  otherUid: string;
  otherName: ShownName;
  chatId: string | null;
  booking: BookingPayload;
  myReview: { rating: number; comment: string } | null;
  theirReview: { rating: number; comment: string } | null;
  waitingPayout: number | null;
  messages: ChatMessagePayload[];
  /** The other session of a swap (decision 041); null for any other booking. */
  swapPartner: { id: string; skillLabel: string; skillOwn: boolean; start: number; state: string } | null;
  timeZone: string;
  now: number;
  iceServers: RTCIceServer[];
}

/**
 * The room's two live feeds on the live port (the booking and the pair's conversation), starting
 * from the loader's first paint; the booking is the newer of the feed's and the loader's. Role and open commands are worked out here, so they follow the
 * clock as well as the booking.
 */
function useRoom(session: SessionRoomData, now: number) {
  const booking = newerBooking(useLiveFeed(bookingFeed(session.id), session.booking), session.booking);
  const messages = useLiveFeed(chatMessagesFeed(session.chatId ?? ""), session.messages, {
    enabled: session.chatId !== null,
  });
  const room = useMemo(() => roomPayload(booking, session.uid, now), [booking, session.uid, now]);
  return { room, messages };
}

function useNow(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SessionRoom({ session }: { session: SessionRoomData }) {
  const now = useNow(session.now);
  const { room, messages } = useRoom(session, now);
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  const name = <IsolatedName name={session.otherName} />;
  const roleText = interleave(
    (mark) => t(room.role === "mentor" ? "room.teaching" : "room.learning", { name: mark }),
    name,
  );
  return (
    <PlainPage title={<SkillName label={session.skillLabel} own={session.skillOwn} />}>
      <div className="space-y-6">
        <section className="card" aria-label={t("room.details")}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-sm text-slate-600">{roleText}</p>
              <p className="mt-1 text-lg font-semibold text-slate-900">
                <SessionRange session={session} timeZone={session.timeZone} locale={locale} />
              </p>
              <p className="text-sm text-slate-500">
                {t("room.minutes", { count: session.durationMinutes })} ·{" "}
                {session.price === 0 ? t("room.free") : formatSp(session.price, locale)} ·{" "}
                <bdi translate="no">{session.timeZone}</bdi>
              </p>
            </div>
            {/* Right-aligned beside the time; on a phone it wraps below it and starts at the left like it. */}
            <div className="sm:text-end">
              <span data-testid="session-state">
                <SessionStateBadge state={room.state} />
              </span>
              {room.state === "accepted" || room.state === "requested" ? (
                <p className="mt-2 text-sm font-medium text-slate-700" data-testid="countdown">
                  {now < session.end
                    ? now < session.start
                      ? t("room.starts", { when: countdown(session.start, now, locale) })
                      : t("room.inProgress")
                    : t("room.endedAt", { time: formatTime(session.end, session.timeZone, locale) })}
                </p>
              ) : null}
            </div>
          </div>
          {session.waitingPayout !== null ? (
            <PayoutWaits role={room.role} amount={session.waitingPayout} otherName={session.otherName} />
          ) : null}
          <MeetingLink id={session.id} room={room} />
        </section>

        {room.state === "requested" || room.state === "accepted" ? (
          <CallPanel
            bookingId={session.id}
            uid={session.uid}
            otherUid={session.otherUid}
            otherName={session.otherName}
            role={room.role}
            booking={{ state: room.state, start: session.start, end: session.end }}
            meetingLink={room.meetingLink}
            iceServers={session.iceServers}
            now={now}
          />
        ) : null}
        <SessionControls
          id={session.id}
          room={room}
          otherName={session.otherName}
          swapPartner={session.swapPartner}
          timeZone={session.timeZone}
        />
        {room.state === "completed" ? (
          <ReviewPanel
            id={session.id}
            otherName={session.otherName}
            mine={session.myReview}
            theirs={session.theirReview}
          />
        ) : null}
        <SharedNotes id={session.id} room={room} uid={session.uid} />
        <Conversation
          id={session.id}
          messages={messages}
          uid={session.uid}
          otherName={session.otherName}
          timeZone={session.timeZone}
        />
      </div>
    </PlainPage>
  );
}

/** A member's own tag is theirs, as written; a taxonomy name is already in the reader's language. */
function SkillName({ label, own }: { label: string; own: boolean }) {
  return own ? <bdi translate="no">{label}</bdi> : <bdi>{label}</bdi>;
}

function MeetingLink({ id, room }: { id: string; room: RoomPayload }) {
  const { t } = useTranslation("chat");
  const fetcher = useFetcher<BookingActionResult>();
  const editable = room.role === "mentor" && (room.state === "requested" || room.state === "accepted");
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p className="text-sm font-medium text-slate-700">{t("room.link.title")}</p>
      {room.meetingLink ? (
        <a
          href={room.meetingLink}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all text-sm font-medium text-brand-600 hover:underline"
          data-testid="meeting-link"
        >
          {room.meetingLink}
        </a>
      ) : (
        <p className="text-sm text-slate-500">{room.role === "mentor" ? t("room.link.add") : t("room.link.none")}</p>
      )}
      {editable ? (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="link" />
          <label htmlFor="meeting-link" className="sr-only">
            {t("room.link.title")}
          </label>
          <input
            id="meeting-link"
            name="meetingLink"
            type="url"
            placeholder="https://meet.example.com/…"
            defaultValue={room.meetingLink}
            className="input flex-1"
          />
          <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
            {t("room.link.save")}
          </button>
          {fetcher.data && !fetcher.data.ok ? (
            <p role="alert" className="field-error w-full">
              {fetcher.data.error}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
    </div>
  );
}

function SessionControls({
  id,
  room,
  otherName,
  swapPartner,
  timeZone,
}: {
  id: string;
  room: RoomPayload;
  otherName: ShownName;
  swapPartner: SessionRoomData["swapPartner"];
  timeZone: string;
}) {
  const { t } = useTranslation("chat");
  const { t: tb } = useTranslation("bookings");
  const locale = useFormatLocale();
  const fetcher = useFetcher<BookingActionResult>();
  const [disputing, setDisputing] = useState(false);
  // Cancelling asks first and says what it costs; "Keep the session" comes before the destructive button.
  const [cancelling, setCancelling] = useState<string | null>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (cancelling) keepButton.current?.focus();
  }, [cancelling]);
  const busy = fetcher.state !== "idle";
  const can = (action: string) => room.actions.includes(action);
  const iConfirmed = room.confirmations[room.role] !== undefined;
  const theyConfirmed = room.confirmations[room.role === "mentor" ? "learner" : "mentor"] !== undefined;
  return (
    <section className="card" aria-labelledby="controls-title">
      <h2 id="controls-title" className="text-lg font-semibold">
        {t("room.status", { state: t(`sessionStates.${room.state}`, { ns: "common" }) })}
      </h2>
      <StatusText room={room} otherName={otherName} iConfirmed={iConfirmed} theyConfirmed={theyConfirmed} />
      <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-4 flex flex-wrap gap-2">
        {can("accept") ? (
          <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
            {t("room.accept")}
          </button>
        ) : null}
        {can("decline") ? (
          <button type="submit" name="intent" value="decline" className="btn-secondary" disabled={busy}>
            {t("room.decline")}
          </button>
        ) : null}
        {can("confirm") ? (
          <button type="submit" name="intent" value="confirm" className="btn-primary" disabled={busy}>
            {t("room.confirm")}
          </button>
        ) : null}
        {can("cancel") && !cancelling ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              const { key, values } = cancellationCost(room, room.role, Date.now());
              setCancelling(
                tb(key, {
                  price: formatSp(values.price!, locale),
                  total: formatNumber(values.price!, locale),
                  learner: formatSp(values.learner ?? 0, locale),
                  mentor: formatSp(values.mentor ?? 0, locale),
                }),
              );
            }}
          >
            {t("room.cancel")}
          </button>
        ) : null}
        {can("dispute") && !disputing ? (
          <button type="button" className="btn-secondary" onClick={() => setDisputing(true)}>
            {t("room.report")}
          </button>
        ) : null}
      </fetcher.Form>
      {can("cancel") && room.role === "learner" && room.state === "accepted" ? (
        <p className="mt-2 text-xs text-slate-500">{t("room.lateCancel")}</p>
      ) : null}
      {cancelling && can("cancel") ? (
        <fetcher.Form
          method="post"
          action={`/api/bookings/${id}`}
          className="mt-4 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3"
          role="group"
          aria-labelledby="cancel-title"
        >
          <p id="cancel-title" className="text-sm font-semibold text-red-900">
            {t("room.cancelTitle")}
          </p>
          <p className="text-sm text-red-900" data-testid="cancel-cost">
            {cancelling}
          </p>
          {swapPartner && (swapPartner.state === "accepted" || swapPartner.state === "requested") ? (
            <label className="flex items-start gap-2 text-sm text-red-900">
              <input type="checkbox" name="alsoSwap" className="mt-1" />
              <span>
                {interleave(
                  (mark) =>
                    t("room.alsoSwap", { skill: mark, when: formatDateTime(swapPartner.start, timeZone, locale) }),
                  <SkillName label={swapPartner.skillLabel} own={swapPartner.skillOwn} />,
                )}
              </span>
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setCancelling(null)} ref={keepButton}>
              {t("room.keep")}
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-danger" disabled={busy}>
              {t("room.yesCancel")}
            </button>
          </div>
        </fetcher.Form>
      ) : null}
      {disputing ? (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-4 space-y-2">
          <input type="hidden" name="intent" value="dispute" />
          <label htmlFor="dispute-reason" className="label">
            {t("room.dispute.label")}
          </label>
          <textarea
            id="dispute-reason"
            name="reason"
            required
            maxLength={MAX_DISPUTE_REASON}
            rows={3}
            className="input"
          />
          <p className="text-xs text-slate-500">{t("room.dispute.held")}</p>
          <div className="flex gap-2">
            <button type="submit" name="intent" value="dispute" className="btn-danger" disabled={busy}>
              {t("room.dispute.submit")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setDisputing(false)}>
              {t("room.dispute.back")}
            </button>
          </div>
        </fetcher.Form>
      ) : null}
      {fetcher.data ? (
        fetcher.data.ok ? (
          <p role="status" className="mt-3 text-sm text-emerald-700">
            {fetcher.data.message}
          </p>
        ) : (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {fetcher.data.error}
          </p>
        )
      ) : null}
    </section>
  );
}

function StatusText({
  room,
  otherName,
  iConfirmed,
  theyConfirmed,
}: {
  room: RoomPayload;
  otherName: ShownName;
  iConfirmed: boolean;
  theyConfirmed: boolean;
}) {
  const { t } = useTranslation("chat");
  const key = (() => {
    switch (room.state) {
      case "requested":
        return room.role === "mentor" ? "room.state.requestedMentor" : "room.state.requestedLearner";
      case "accepted":
        if (iConfirmed) return "room.state.iConfirmed";
        if (theyConfirmed) return "room.state.theyConfirmed";
        return "room.state.accepted";
      case "completed":
        return "room.state.completed";
      case "declined":
        return "room.state.declined";
      case "cancelled":
        return "room.state.cancelled";
      case "disputed":
        return room.disputeReason ? "room.state.disputedWhy" : "room.state.disputed";
      case "resolved":
        return "room.state.resolved";
    }
  })();
  if (!key) return <p className="mt-1 text-sm text-slate-600" />;
  return (
    <p className="mt-1 text-sm text-slate-600">
      {interleave((mark) => t(key, { name: mark, reason: "\u2064" }), <IsolatedName name={otherName} />, {
        mark: "\u2064",
        element: <span translate="no">{room.disputeReason}</span>,
      })}
    </p>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("chat");
  return (
    <span aria-label={t("review.stars", { count: rating })} className="text-coin-500">
      {"★".repeat(rating)}
      <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

function ReviewPanel({
  id,
  otherName,
  mine,
  theirs,
}: {
  id: string;
  otherName: ShownName;
  mine: SessionRoomData["myReview"];
  theirs: SessionRoomData["theirReview"];
}) {
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  const fetcher = useFetcher<BookingActionResult>();
  const name = <IsolatedName name={otherName} />;
  const done = mine || (fetcher.data?.ok ?? false);
  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title" className="text-lg font-semibold">
        {t("review.title")}
      </h2>
      {done ? (
        <p className="mt-2 text-sm text-slate-700" role="status">
          {t("review.thanks")}
          {mine ? (
            <>
              {" "}
              {interleave((mark) => t("review.youRated", { name: mark, stars: "\u2064" }), name, {
                mark: "\u2064",
                element: <Stars rating={mine.rating} />,
              })}
            </>
          ) : null}
        </p>
      ) : (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="review" />
          <fieldset>
            <legend className="label">{interleave((mark) => t("review.how", { name: mark }), name)}</legend>
            <div className="flex gap-3">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="rating" value={n} required />
                  {t("review.starCount", { count: n, number: formatNumber(n, locale) })}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="review-comment" className="label">
              {t("review.comment")}
            </label>
            <textarea id="review-comment" name="comment" maxLength={MAX_REVIEW_COMMENT} rows={3} className="input" />
          </div>
          {fetcher.data && !fetcher.data.ok ? (
            <p role="alert" className="field-error">
              {fetcher.data.error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            {t("review.submit")}
          </button>
        </fetcher.Form>
      )}
      {theirs ? (
        <p className="mt-3 text-sm text-slate-700">
          {interleave(
            (mark) =>
              t(theirs.comment ? "review.ratedYouSaying" : "review.ratedYou", {
                name: mark,
                stars: "\u2064",
                comment: "\u2065",
              }),
            name,
            { mark: "\u2064", element: <Stars rating={theirs.rating} /> },
            { mark: "\u2065", element: <span translate="no">{theirs.comment}</span> },
          )}
        </p>
      ) : null}
    </section>
  );
}

const NOTES_SAVE_DELAY_MS = 700;

/** Both participants edit one text; each pause in typing saves it, and the other sees it live. */
function SharedNotes({ id, room, uid }: { id: string; room: RoomPayload; uid: string }) {
  const { t } = useTranslation("chat");
  const fetcher = useFetcher<BookingActionResult>();
  const [text, setText] = useState(room.notes);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Someone else's save replaces the text unless this person has unsaved typing of their own.
  useEffect(() => {
    if (!dirty.current) setText(room.notes);
  }, [room.notes]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const save = (value: string) => {
    fetcher.submit({ intent: "notes", notes: value }, { method: "post", action: `/api/bookings/${id}` });
    dirty.current = false;
  };
  const status =
    fetcher.state !== "idle"
      ? t("notes.saving")
      : fetcher.data && !fetcher.data.ok
        ? fetcher.data.error
        : room.notesUpdatedBy && room.notesUpdatedBy !== uid && room.notes
          ? t("notes.updated")
          : room.notes
            ? t("notes.saved")
            : "";
  return (
    <section className="card" aria-labelledby="notes-title">
      <div className="flex items-center justify-between">
        <h2 id="notes-title" className="text-lg font-semibold">
          {t("notes.title")}
        </h2>
        <span className="text-xs text-slate-500" aria-live="polite">
          {status}
        </span>
      </div>
      <label htmlFor="shared-notes" className="sr-only">
        {t("notes.title")}
      </label>
      <textarea
        id="shared-notes"
        value={text}
        rows={8}
        maxLength={10_000}
        placeholder={t("notes.placeholder")}
        className="input mt-3 font-mono text-sm"
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          dirty.current = true;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => save(value), NOTES_SAVE_DELAY_MS);
        }}
      />
    </section>
  );
}

function Conversation({
  id,
  messages,
  uid,
  otherName,
  timeZone,
}: {
  id: string;
  messages: ChatMessagePayload[];
  uid: string;
  otherName: ShownName;
  timeZone: string;
}) {
  const { t } = useTranslation("chat");
  const locale = useFormatLocale();
  const navigation = useNavigation();
  // Read here as in the inbox: the other member's messages become seen while the room is open.
  useMarkSeen(messages, uid, `/session/${id}`);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.state === "submitting" && navigation.formData?.has("text");
  useEffect(() => {
    if (!sending) formRef.current?.reset();
  }, [sending]);
  return (
    <section className="card" aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="text-lg font-semibold">
        {interleave((mark) => t("thread.label", { name: mark }), <IsolatedName name={otherName} />)}
      </h2>
      {/* It scrolls, so it takes the focus: a keyboard can read back through it (WCAG 2.1.1, axe's
          scrollable-region-focusable); the lint rule does not know scrolling lists. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol className="mt-3 max-h-80 space-y-2 overflow-y-auto" tabIndex={0} aria-labelledby="conversation-title">
        {messages.length === 0 ? <li className="text-sm text-slate-500">{t("room.noMessages")}</li> : null}
        {messages.map((m) => (
          <li key={m.id} className={`flex ${m.sender === uid ? "justify-end" : "justify-start"}`}>
            <div
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${m.sender === uid ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`}
            >
              <p dir="auto" translate="no" className="whitespace-pre-wrap break-words">
                {m.text}
              </p>
              <p className={`mt-1 text-[10px] ${m.sender === uid ? "text-brand-50" : "text-slate-600"}`}>
                <time dateTime={new Date(m.timestamp).toISOString()}>{formatTime(m.timestamp, timeZone, locale)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" ref={formRef} className="mt-3 flex gap-2" preventScrollReset>
        <label htmlFor="room-message" className="sr-only">
          {t("composer.label")}
        </label>
        <input
          id="room-message"
          name="text"
          required
          maxLength={2_000}
          placeholder={t("room.messagePlaceholder", { name: nameInPlainText(otherName) })}
          className="input flex-1"
          autoComplete="off"
        />
        <button type="submit" className="btn-primary" disabled={sending}>
          {t("composer.send")}
        </button>
      </Form>
    </section>
  );
}
