/**
 * One hour, and a booking as the state machine reads it: a 41 SP, one-hour request from learner
 * "l" to mentor "m" at hour 100. Rule tests start from it and spread what they change.
 */
export const H = 3_600_000;

export const requestedBooking = {
  id: "b1",
  mentorUid: "m",
  learnerUid: "l",
  price: 41,
  state: "requested" as const,
  start: 100 * H,
  end: 101 * H,
  confirmations: {},
  skillLabel: "Go",
  durationMinutes: 60,
};
