/**
 * The demo community's members: what scripts/seed-demo.ts creates and what
 * scripts/demo-avatars/render.ts drew the pictures for. Skills use the profile editor's format.
 */
export interface DemoMember {
  /** File name of the picture in scripts/demo-avatars/ and the local part of the email. */
  slug: string;
  fullName: string;
  bio: string;
  timezone: string;
  languages: string[];
  teaches: string;
  learns: string;
  /** SP per hour for every skill taught. */
  rate: number;
  /** The circle's colour behind the initials. */
  colour: string;
}

export const DEMO_EMAIL_DOMAIN = "demo.skillswap.invalid";

export const DEMO_MEMBERS: DemoMember[] = [
  {
    slug: "lucia-fernandez",
    fullName: "Lucía Fernández",
    bio: "Spanish teacher from Valencia. I love helping people get past the fear of speaking.",
    timezone: "Europe/Madrid",
    languages: ["Spanish", "English"],
    teaches: "Spanish: expert\nCooking: intermediate",
    learns: "React: beginner\nPhotography: beginner",
    rate: 40,
    colour: "#e4572e",
  },
  {
    slug: "daniel-okafor",
    fullName: "Daniel Okafor",
    bio: "Frontend engineer in Lagos. React by day, guitar by night.",
    timezone: "Africa/Lagos",
    languages: ["English", "Yoruba"],
    teaches: "React: expert\nGuitar: intermediate",
    learns: "Spanish: beginner\nPublic speaking: beginner",
    rate: 50,
    colour: "#1d5cee",
  },
  {
    slug: "mei-chen",
    fullName: "Mei Chen",
    bio: "Data scientist who explains statistics with coffee analogies.",
    timezone: "Asia/Shanghai",
    languages: ["Mandarin", "English"],
    teaches: "Data science: expert\nSQL: expert",
    learns: "Yoga: beginner\nFrench: beginner",
    rate: 60,
    colour: "#17a398",
  },
  {
    slug: "tom-becker",
    fullName: "Tom Becker",
    bio: "Street and portrait photographer. Happy to look at your shots.",
    timezone: "Europe/Berlin",
    languages: ["German", "English"],
    teaches: "Photography: expert",
    learns: "Cooking: beginner\nData science: beginner",
    rate: 35,
    colour: "#6c4ab6",
  },
  {
    slug: "priya-raman",
    fullName: "Priya Raman",
    bio: "Yoga teacher and recovering product manager.",
    timezone: "Asia/Kolkata",
    languages: ["English", "Tamil", "Hindi"],
    teaches: "Yoga: expert\nMarketing: intermediate",
    learns: "Piano: beginner\nUX design: beginner",
    rate: 30,
    colour: "#f2a541",
  },
  {
    slug: "camille-dubois",
    fullName: "Camille Dubois",
    bio: "Parisian, bookworm, patient French tutor.",
    timezone: "Europe/Paris",
    languages: ["French", "English"],
    teaches: "French: expert\nWriting: intermediate",
    learns: "Guitar: beginner\nSQL: beginner",
    rate: 40,
    colour: "#d7263d",
  },
  {
    slug: "sam-oduya",
    fullName: "Sam Oduya",
    bio: "Toastmasters champion. I coach nervous speakers into confident ones.",
    timezone: "Africa/Nairobi",
    languages: ["English", "Swahili"],
    teaches: "Public speaking: expert\nWriting: intermediate",
    learns: "Photography: intermediate",
    rate: 45,
    colour: "#2e86ab",
  },
  {
    slug: "hana-sato",
    fullName: "Hana Sato",
    bio: "Pianist and piano teacher in Osaka; I also draw a lot.",
    timezone: "Asia/Tokyo",
    languages: ["Japanese", "English"],
    teaches: "Piano: expert",
    learns: "Spanish: beginner\nMarketing: beginner",
    rate: 50,
    colour: "#c05299",
  },
  {
    slug: "marco-rossi",
    fullName: "Marco Rossi",
    bio: "Home cook from Bologna. Fresh pasta is easier than you think.",
    timezone: "Europe/Rome",
    languages: ["Italian", "English"],
    teaches: "Cooking: expert",
    learns: "React: beginner\nData science: beginner",
    rate: 25,
    colour: "#3e8914",
  },
  {
    slug: "olivia-brown",
    fullName: "Olivia Brown",
    bio: "UX designer at a small studio; I run design critiques for fun.",
    timezone: "America/New_York",
    languages: ["English"],
    teaches: "UX design: expert\nWriting: intermediate",
    learns: "French: beginner\nYoga: intermediate",
    rate: 55,
    colour: "#ef476f",
  },
  {
    slug: "rafael-souza",
    fullName: "Rafael Souza",
    bio: "Guitarist in a bossa nova trio. Teaching chords and rhythm.",
    timezone: "America/Sao_Paulo",
    languages: ["Portuguese", "Spanish", "English"],
    teaches: "Guitar: expert\nSpanish: intermediate",
    learns: "Piano: beginner\nUX design: beginner",
    rate: 35,
    colour: "#118ab2",
  },
  {
    slug: "aisha-khan",
    fullName: "Aisha Khan",
    bio: "Growth marketer. I like experiments, spreadsheets and honest copy.",
    timezone: "Asia/Karachi",
    languages: ["Urdu", "English"],
    teaches: "Marketing: expert\nSQL: intermediate",
    learns: "Public speaking: beginner\nPhotography: beginner",
    rate: 45,
    colour: "#8d5a97",
  },
  {
    slug: "jonas-lindqvist",
    fullName: "Jonas Lindqvist",
    bio: "Backend developer, database nerd, weekend baker.",
    timezone: "Europe/Stockholm",
    languages: ["Swedish", "English"],
    teaches: "SQL: expert\nData science: intermediate",
    learns: "Cooking: intermediate\nGuitar: beginner",
    rate: 50,
    colour: "#073b4c",
  },
  {
    slug: "elena-petrova",
    fullName: "Elena Petrova",
    bio: "Novelist and editor. Let's make your sentences sing.",
    timezone: "Europe/Sofia",
    languages: ["Bulgarian", "Russian", "English"],
    teaches: "Writing: expert\nFrench: intermediate",
    learns: "Yoga: beginner\nReact: beginner",
    rate: 40,
    colour: "#b5651d",
  },
  {
    slug: "kwame-mensah",
    fullName: "Kwame Mensah",
    bio: "Product designer and amateur photographer in Accra.",
    timezone: "Africa/Accra",
    languages: ["English", "Twi"],
    teaches: "UX design: intermediate\nPhotography: intermediate",
    learns: "Data science: beginner\nPiano: beginner",
    rate: 30,
    colour: "#06a77d",
  },
  {
    slug: "sofia-martinez",
    fullName: "Sofía Martínez",
    bio: "Bilingual teacher in Mexico City; I make grammar feel like a game.",
    timezone: "America/Mexico_City",
    languages: ["Spanish", "English"],
    teaches: "Spanish: expert\nPublic speaking: intermediate",
    learns: "Photography: beginner\nWriting: intermediate",
    rate: 30,
    colour: "#f25f5c",
  },
  {
    slug: "liam-walsh",
    fullName: "Liam Walsh",
    bio: "Full-stack developer in Dublin, learning to cook properly at last.",
    timezone: "Europe/Dublin",
    languages: ["English", "Irish"],
    teaches: "React: intermediate\nSQL: intermediate",
    learns: "Cooking: beginner\nSpanish: beginner",
    rate: 40,
    colour: "#247ba0",
  },
  {
    slug: "noor-haddad",
    fullName: "Noor Haddad",
    bio: "Yoga and breathwork for people who sit at desks all day.",
    timezone: "Asia/Dubai",
    languages: ["Arabic", "English", "French"],
    teaches: "Yoga: expert\nFrench: intermediate",
    learns: "Marketing: beginner\nUX design: beginner",
    rate: 35,
    colour: "#9b5de5",
  },
  {
    slug: "ethan-nguyen",
    fullName: "Ethan Nguyen",
    bio: "Machine learning engineer in Vancouver; jazz piano on the side.",
    timezone: "America/Vancouver",
    languages: ["English", "Vietnamese"],
    teaches: "Data science: expert\nPiano: intermediate",
    learns: "Public speaking: beginner\nGuitar: intermediate",
    rate: 60,
    colour: "#00916e",
  },
  {
    slug: "grace-kim",
    fullName: "Grace Kim",
    bio: "Content strategist in Seoul. Writing, marketing and a lot of tea.",
    timezone: "Asia/Seoul",
    languages: ["Korean", "English"],
    teaches: "Marketing: intermediate\nWriting: expert",
    learns: "French: beginner\nCooking: beginner",
    rate: 45,
    colour: "#fb8500",
  },
];

/** Conversations between demo members: [from, to, messages alternating, starting with from]. */
export const DEMO_CHATS: [string, string, string[]][] = [
  [
    "daniel-okafor",
    "lucia-fernandez",
    [
      "Hola Lucía! I'd love to practise Spanish. Could I help you with React in return?",
      "¡Claro! That sounds perfect. I'm free on weekday evenings.",
      "Great, Tuesday at 7pm your time?",
    ],
  ],
  [
    "mei-chen",
    "priya-raman",
    [
      "Hi Priya, I'm a complete yoga beginner. Is that okay?",
      "Of course! Everyone starts somewhere. Bring a towel and some patience.",
    ],
  ],
  [
    "rafael-souza",
    "hana-sato",
    [
      "Hi Hana, your piano profile caught my eye. Guitar for piano?",
      "That would be lovely. I've always wanted to play bossa nova.",
      "Then we're a match made in Rio 🎸",
    ],
  ],
  [
    "liam-walsh",
    "marco-rossi",
    ["Marco, can you teach me fresh pasta? I'll help you with React.", "Deal! First lesson: flour, eggs, and no fear."],
  ],
];

/**
 * A few lively forum threads in several spaces: [author, space ("general", "questions", … or a
 * skill's label), title, body, replies [author, body][], the reply the author marks as the answer].
 */
export const DEMO_THREADS: [string, string, string, string, [string, string][], number | null][] = [
  [
    "liam-walsh",
    "introductions",
    "Hi from Dublin: developer learning to cook",
    "I build web apps all day and eat toast all night. Here to learn **real cooking** and to help anyone with React or SQL.",
    [
      ["marco-rossi", "Welcome Liam! Fresh pasta is the best first dish: flour, eggs, patience."],
      ["lucia-fernandez", "¡Bienvenido! If you ever want Spanish practice while cooking, tell me."],
    ],
    null,
  ],
  [
    "mei-chen",
    "questions",
    "How long before yoga feels less awkward?",
    "I've done three sessions and I still feel like a folding chair. Is that normal?\n\n- 3 sessions so far\n- 20 minutes each",
    [
      [
        "priya-raman",
        "Completely normal. Give it **six weeks** of short, regular practice and the shapes start to feel like yours.",
      ],
      ["noor-haddad", "Breathing first, shapes second. Try 5 slow breaths before every pose."],
    ],
    0,
  ],
  [
    "hana-sato",
    "Piano",
    "Practising scales without getting bored",
    "Scales are the vegetables of piano. My trick: play them in the rhythm of a song you love. What do you do?",
    [
      ["ethan-nguyen", "I swing them like jazz: long-short, long-short. Suddenly they're fun."],
      ["rafael-souza", "Bossa nova rhythm on a C major scale is surprisingly good."],
    ],
    null,
  ],
  [
    "daniel-okafor",
    "React",
    "useEffect or a loader? A rule of thumb",
    "When data is needed for the first paint, load it on the server (a Remix `loader`). Use `useEffect` only for what the browser alone knows.\n\n> Fetching in effects is the number one cause of flicker I see.",
    [
      ["liam-walsh", "This clicked for me when I moved my profile fetch into the loader and the spinner vanished."],
      ["olivia-brown", "From the design side: thank you, flicker is the enemy."],
    ],
    null,
  ],
  [
    "tom-becker",
    "show-and-tell",
    "My first week shooting only in black and white",
    "Limiting myself to black and white made me look for **light and shape** instead of colour. Try it for a week!",
    [
      ["kwame-mensah", "Doing this next week. Any film simulation you recommend?"],
      ["tom-becker", "Start with high contrast and underexpose by a third of a stop."],
    ],
    null,
  ],
];
