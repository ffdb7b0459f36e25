/**
 * The demo community's board (issue 29): a dozen offers and needs across the members' skills,
 * two of them swaps (skill for skill, no SP), and an open proposal waiting on a need. Each row:
 * poster's slug, then the post form's fields.
 */
export interface DemoBoardPost {
  by: string;
  type: "offer" | "need";
  skill: string;
  title: string;
  description: string;
  format: "online" | "in_person" | "either";
  area?: string;
  priceKind: "per_hour" | "fixed" | "swap";
  sp?: number;
  swapSkill?: string;
  /** Hours ago it was posted. */
  hoursAgo: number;
}

export const DEMO_BOARD: DemoBoardPost[] = [
  {
    by: "lucia-fernandez",
    type: "offer",
    skill: "Spanish",
    title: "Spanish conversation hour, evenings",
    description:
      "Relaxed **conversation practice** for intermediate learners. We pick a topic, I correct gently.\n\n- Tuesdays or Thursdays\n- Voice or video, as you like",
    format: "online",
    priceKind: "per_hour",
    sp: 30,
    hoursAgo: 2,
  },
  {
    by: "daniel-okafor",
    type: "need",
    skill: "Public speaking",
    title: "Help me rehearse a 10-minute conference talk",
    description: "I speak at a meetup in two weeks. I need someone to watch two run-throughs and tell me what to cut.",
    format: "online",
    priceKind: "fixed",
    sp: 60,
    hoursAgo: 5,
  },
  {
    by: "rafael-souza",
    type: "offer",
    skill: "Guitar",
    title: "I'll teach you guitar in return for piano basics",
    description:
      "First chords, strumming patterns and one song you choose. In return I'd love an hour of **piano** basics.",
    format: "either",
    area: "Lisbon, Alfama",
    priceKind: "swap",
    swapSkill: "Piano",
    hoursAgo: 8,
  },
  {
    by: "marco-rossi",
    type: "offer",
    skill: "Cooking",
    title: "Fresh pasta by hand, in my kitchen",
    description: "Tagliatelle and ravioli from flour and eggs. Bring an apron; we eat what we make.",
    format: "in_person",
    area: "Bologna, centro",
    priceKind: "per_hour",
    sp: 35,
    hoursAgo: 12,
  },
  {
    by: "tom-becker",
    type: "need",
    skill: "Cooking",
    title: "Looking for someone to teach me five weeknight dinners",
    description: "I can follow a recipe but not improvise. Five quick dinners I can cook without looking.",
    format: "online",
    priceKind: "per_hour",
    sp: 25,
    hoursAgo: 20,
  },
  {
    by: "mei-chen",
    type: "offer",
    skill: "SQL",
    title: "Review your SQL queries and indexes",
    description: "Send me the slow query and the table definitions; in an hour we make it fast and I explain why.",
    format: "online",
    priceKind: "fixed",
    sp: 45,
    hoursAgo: 26,
  },
  {
    by: "priya-raman",
    type: "need",
    skill: "UX design",
    title: "Feedback on my yoga studio's booking page",
    description: "People drop off at the payment step. I'd like a UX designer to look at the flow with me.",
    format: "online",
    priceKind: "swap",
    swapSkill: "Yoga",
    hoursAgo: 30,
  },
  {
    by: "camille-dubois",
    type: "offer",
    skill: "French",
    title: "French for travellers: survive your first week",
    description: "Ordering, directions, small talk. Three short sessions, lots of speaking.",
    format: "online",
    priceKind: "per_hour",
    sp: 30,
    hoursAgo: 40,
  },
  {
    by: "hana-sato",
    type: "offer",
    skill: "Piano",
    title: "Piano for adult beginners",
    description: "Reading simple scores and playing with both hands within a month. I have a spare keyboard at home.",
    format: "either",
    area: "Osaka, Kita",
    priceKind: "per_hour",
    sp: 40,
    hoursAgo: 52,
  },
  {
    by: "aisha-khan",
    type: "need",
    skill: "Photography",
    title: "Product photos for my small shop",
    description: "Ten handmade candles, natural light, white background. Teach me to do the next ones myself.",
    format: "in_person",
    area: "Manchester, Ancoats",
    priceKind: "fixed",
    sp: 80,
    hoursAgo: 60,
  },
  {
    by: "elena-petrova",
    type: "offer",
    skill: "Writing",
    title: "Edit your cover letter this week",
    description: "Send the job ad and your draft. I return tracked changes and we talk it through for half an hour.",
    format: "online",
    priceKind: "fixed",
    sp: 20,
    hoursAgo: 70,
  },
  {
    by: "ethan-nguyen",
    type: "need",
    skill: "Guitar",
    title: "Fingerpicking patterns for folk songs",
    description: "I know the chords; I want to stop strumming everything. Travis picking would be a dream.",
    format: "online",
    priceKind: "per_hour",
    sp: 30,
    hoursAgo: 90,
  },
];

/** A proposal waiting for its poster's answer, so the demo shows one (on the need, and on /board/mine). */
export const DEMO_PROPOSAL = {
  /** The need it answers, by title. */
  post: "Help me rehearse a 10-minute conference talk",
  by: "sam-oduya",
  sp: 50,
  durationMinutes: 60,
  message: "I coach speakers for meetups. Two run-throughs in an hour, notes on what to cut after each.",
  /** Its time: the proposer's first free hour at least this many days ahead. */
  daysAhead: 2,
};
