import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CallPanel } from "~/components/call/call-panel";
import { useMarkSeen } from "~/components/chat/use-mark-seen";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { PlainPage } from "~/components/plain-page";
import { countdown, formatDateTime, formatSessionRange, formatTime } from "~/features/bookings/format";
import type { BookingActionResult } from "~/features/bookings/types";
import { newerBooking, roomPayload, type RoomPayload } from "~/features/bookings/room";
import { bookingFeed, chatMessagesFeed } from "~/engine/live/feed-names";
import type { BookingPayload, ChatMessagePayload } from "~/engine/live/feeds";
import { cancellationText, MAX_DISPUTE_REASON, STATE_LABELS } from "~/features/bookings/state";
import { MAX_REVIEW_COMMENT } from "~/features/reviews/types";
import { PayoutWaits } from "./session-list";
import { SessionStateBadge } from "./upcoming-sessions-widget";

export interface SessionRoomData {
  id: string;
  uid: string;
  skillLabel: string;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  otherUid: string;
  otherName: string;
  chatId: string | null;
  booking: BookingPayload;
  myReview: { rating: number; comment: string } | null;
  theirReview: { rating: number; comment: string } | null;
  waitingPayout: number | null;
  messages: ChatMessagePayload[];
  /** The other session of a swap (decision 041); null for any other booking. */
  swapPartner: { id: string; skillLabel: string; start: number; state: string } | null;
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
  const roleText =
    room.role === "mentor" ? `You're teaching ${session.otherName}` : `You're learning from ${session.otherName}`;
  return (
    <PlainPage title={session.skillLabel}>
      <div className="space-y-6">
        <section className="card" aria-label="Session details">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-sm text-slate-600">{roleText}</p>
              <p className="mt-1 text-lg font-semibold text-slate-900">
                {formatSessionRange(session, session.timeZone)}
              </p>
              <p className="text-sm text-slate-500">
                {session.durationMinutes} minutes · {session.price === 0 ? "free swap" : `${session.price} SP`} ·{" "}
                {session.timeZone}
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
                      ? `Starts ${countdown(session.start, now)}`
                      : "In progress"
                    : `Ended at ${formatTime(session.end, session.timeZone)}`}
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

function MeetingLink({ id, room }: { id: string; room: RoomPayload }) {
  const fetcher = useFetcher<BookingActionResult>();
  const editable = room.role === "mentor" && (room.state === "requested" || room.state === "accepted");
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p className="text-sm font-medium text-slate-700">Meeting link</p>
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
        <p className="text-sm text-slate-500">
          {room.role === "mentor" ? "Add the link of your video call." : "The mentor hasn't added a meeting link yet."}
        </p>
      )}
      {editable ? (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="link" />
          <label htmlFor="meeting-link" className="sr-only">
            Meeting link
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
            Save link
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
  otherName: string;
  swapPartner: SessionRoomData["swapPartner"];
  timeZone: string;
}) {
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
        Session status: {STATE_LABELS[room.state]}
      </h2>
      <StatusText room={room} otherName={otherName} iConfirmed={iConfirmed} theyConfirmed={theyConfirmed} />
      <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-4 flex flex-wrap gap-2">
        {can("accept") ? (
          <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
            Accept
          </button>
        ) : null}
        {can("decline") ? (
          <button type="submit" name="intent" value="decline" className="btn-secondary" disabled={busy}>
            Decline
          </button>
        ) : null}
        {can("confirm") ? (
          <button type="submit" name="intent" value="confirm" className="btn-primary" disabled={busy}>
            Confirm completion
          </button>
        ) : null}
        {can("cancel") && !cancelling ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setCancelling(cancellationText(room, room.role, Date.now()))}
          >
            Cancel session
          </button>
        ) : null}
        {can("dispute") && !disputing ? (
          <button type="button" className="btn-secondary" onClick={() => setDisputing(true)}>
            Report a problem
          </button>
        ) : null}
      </fetcher.Form>
      {can("cancel") && room.role === "learner" && room.state === "accepted" ? (
        <p className="mt-2 text-xs text-slate-500">
          Cancelling less than 24 hours before the start refunds half; the other half goes to the mentor.
        </p>
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
            Cancel this session?
          </p>
          <p className="text-sm text-red-900" data-testid="cancel-cost">
            {cancelling}
          </p>
          {swapPartner && (swapPartner.state === "accepted" || swapPartner.state === "requested") ? (
            <label className="flex items-start gap-2 text-sm text-red-900">
              <input type="checkbox" name="alsoSwap" className="mt-1" />
              <span>
                This session is half of a swap. Also cancel the other one ({swapPartner.skillLabel},{" "}
                {formatDateTime(swapPartner.start, timeZone)})?
              </span>
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setCancelling(null)} ref={keepButton}>
              Keep the session
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-danger" disabled={busy}>
              Yes, cancel
            </button>
          </div>
        </fetcher.Form>
      ) : null}
      {disputing ? (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-4 space-y-2">
          <input type="hidden" name="intent" value="dispute" />
          <label htmlFor="dispute-reason" className="label">
            What went wrong?
          </label>
          <textarea
            id="dispute-reason"
            name="reason"
            required
            maxLength={MAX_DISPUTE_REASON}
            rows={3}
            className="input"
          />
          <p className="text-xs text-slate-500">The SP stay held until an admin resolves the dispute.</p>
          <div className="flex gap-2">
            <button type="submit" name="intent" value="dispute" className="btn-danger" disabled={busy}>
              Report problem
            </button>
            <button type="button" className="btn-secondary" onClick={() => setDisputing(false)}>
              Back
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
  otherName: string;
  iConfirmed: boolean;
  theyConfirmed: boolean;
}) {
  const text = (() => {
    switch (room.state) {
      case "requested":
        return room.role === "mentor"
          ? `${otherName} asked for this session. The SP are already held.`
          : `Waiting for ${otherName} to accept. Your SP are held until then.`;
      case "accepted":
        if (iConfirmed) return `You confirmed this session. Waiting for ${otherName} to confirm too.`;
        if (theyConfirmed) return `${otherName} confirmed this session took place. Confirm it too to complete it.`;
        return "After the session, both of you confirm it; the SP are then released to the mentor. Without a dispute, that happens by itself 72 hours after the end.";
      case "completed":
        return "This session is complete.";
      case "declined":
        return "This request was declined; the SP were refunded.";
      case "cancelled":
        return "This session was cancelled.";
      case "disputed":
        return `A problem was reported${room.disputeReason ? `: “${room.disputeReason}”` : ""}. The SP stay held until an admin resolves it.`;
      case "resolved":
        return "The dispute was resolved.";
    }
  })();
  return <p className="mt-1 text-sm text-slate-600">{text}</p>;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-label={`${rating} out of 5 stars`} className="text-coin-500">
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
  otherName: string;
  mine: SessionRoomData["myReview"];
  theirs: SessionRoomData["theirReview"];
}) {
  const fetcher = useFetcher<BookingActionResult>();
  const done = mine || (fetcher.data?.ok ?? false);
  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title" className="text-lg font-semibold">
        Review
      </h2>
      {done ? (
        <p className="mt-2 text-sm text-slate-700" role="status">
          Thanks for your review.
          {mine ? (
            <>
              {" "}
              You rated <bdi>{otherName}</bdi> <Stars rating={mine.rating} />.
            </>
          ) : null}
        </p>
      ) : (
        <fetcher.Form method="post" action={`/api/bookings/${id}`} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="review" />
          <fieldset>
            <legend className="label">
              How was your session with <bdi>{otherName}</bdi>?
            </legend>
            <div className="flex gap-3">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="rating" value={n} required />
                  {n} {n === 1 ? "star" : "stars"}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="review-comment" className="label">
              Comment (optional)
            </label>
            <textarea id="review-comment" name="comment" maxLength={MAX_REVIEW_COMMENT} rows={3} className="input" />
          </div>
          {fetcher.data && !fetcher.data.ok ? (
            <p role="alert" className="field-error">
              {fetcher.data.error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            Submit review
          </button>
        </fetcher.Form>
      )}
      {theirs ? (
        <p className="mt-3 text-sm text-slate-700">
          <bdi>{otherName}</bdi> rated you <Stars rating={theirs.rating} />
          {theirs.comment ? `: “${theirs.comment}”` : "."}
        </p>
      ) : null}
    </section>
  );
}

const NOTES_SAVE_DELAY_MS = 700;

/** Both participants edit one text; each pause in typing saves it, and the other sees it live. */
function SharedNotes({ id, room, uid }: { id: string; room: RoomPayload; uid: string }) {
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
      ? "Saving…"
      : fetcher.data && !fetcher.data.ok
        ? fetcher.data.error
        : room.notesUpdatedBy && room.notesUpdatedBy !== uid && room.notes
          ? "Updated by the other participant"
          : room.notes
            ? "Saved"
            : "";
  return (
    <section className="card" aria-labelledby="notes-title">
      <div className="flex items-center justify-between">
        <h2 id="notes-title" className="text-lg font-semibold">
          Shared notes
        </h2>
        <span className="text-xs text-slate-500" aria-live="polite">
          {status}
        </span>
      </div>
      <label htmlFor="shared-notes" className="sr-only">
        Shared notes
      </label>
      <textarea
        id="shared-notes"
        value={text}
        rows={8}
        maxLength={10_000}
        placeholder="Agenda, links, homework… both of you can edit this."
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
  otherName: string;
  timeZone: string;
}) {
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
        Conversation with <bdi>{otherName}</bdi>
      </h2>
      {/* It scrolls, so it takes the focus: a keyboard can read back through it (WCAG 2.1.1, axe's
          scrollable-region-focusable); the lint rule does not know scrolling lists. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol className="mt-3 max-h-80 space-y-2 overflow-y-auto" tabIndex={0} aria-labelledby="conversation-title">
        {messages.length === 0 ? <li className="text-sm text-slate-500">No messages yet.</li> : null}
        {messages.map((m) => (
          <li key={m.id} className={`flex ${m.sender === uid ? "justify-end" : "justify-start"}`}>
            <div
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${m.sender === uid ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`}
            >
              <p dir="auto" className="whitespace-pre-wrap break-words">
                {m.text}
              </p>
              <p className={`mt-1 text-[10px] ${m.sender === uid ? "text-brand-50" : "text-slate-600"}`}>
                {formatTime(m.timestamp, timeZone)}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" ref={formRef} className="mt-3 flex gap-2" preventScrollReset>
        <label htmlFor="room-message" className="sr-only">
          Message
        </label>
        <input
          id="room-message"
          name="text"
          required
          maxLength={2_000}
          placeholder={`Message ${otherName}`}
          className="input flex-1"
          autoComplete="off"
        />
        <button type="submit" className="btn-primary" disabled={sending}>
          Send
        </button>
      </Form>
    </section>
  );
}
