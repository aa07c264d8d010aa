import type { CreateTribeBody, Locale, Role } from '@tribes/shared';

interface DemoPerson {
  name: string;
  email: string;
  locale: Locale;
  role: Role;
  bio: string;
}

interface DemoTribe {
  leader: string;
  members: string[];
  tribe: CreateTribeBody;
  villages: {
    name: string;
    lat: number;
    lng: number;
    description: string;
    population: number | null;
    by?: string;
    approved?: boolean;
  }[];
}

const p = (name: string, handle: string, locale: Locale, role: Role, bio: string): DemoPerson => ({
  name,
  email: `${handle}@demo.tribes`,
  locale,
  role,
  bio,
});

export const DEMO_PEOPLE: DemoPerson[] = [
  p('Amina Benali', 'amina', 'ar', 'leader', 'Weaver and storyteller from the Atlas.'),
  p('Claire Dubois', 'claire', 'fr', 'supporter', 'Donor in Paris; loves learning Tamazight.'),
  p('Noa Levi', 'noa', 'he', 'member', 'Student in Tel Aviv, reading history.'),
  p('Diego Ramírez', 'diego', 'es', 'member', 'Farmer and beekeeper in the Sacred Valley.'),
  p('Sam Carter', 'sam', 'en', 'leader', 'Organiser of the Fraser River canoe families.'),
  p('Youssef El Idrissi', 'youssef', 'ar', 'member', 'Mountain guide, Imlil.'),
  p('Fatima Zahra Ait Ali', 'fatima', 'ar', 'leader', 'Argan cooperative leader.'),
  p('Kofi Mensah', 'kofi', 'en', 'leader', 'Kente weaver and teacher in Kumasi.'),
  p('Aroha Ngata', 'aroha', 'en', 'leader', 'Te reo Māori teacher.'),
  p('Lucía Quispe', 'lucia', 'es', 'leader', 'Quechua textile guild.'),
  p('Tenzin Dorje', 'tenzin', 'en', 'leader', 'High-altitude herder.'),
  p('Marie Laurent', 'marie', 'fr', 'leader', 'Breton language circle.'),
  p('Yael Cohen', 'yael', 'he', 'leader', 'Galilee olive growers.'),
  p('Amara Okafor', 'amara', 'en', 'member', 'Nurse and volunteer.'),
  p('Ines Haddad', 'ines', 'fr', 'member', 'Architect restoring kasbahs.'),
];

export const DEMO_TRIBES: DemoTribe[] = [
  {
    leader: 'amina@demo.tribes',
    members: ['youssef@demo.tribes', 'claire@demo.tribes', 'noa@demo.tribes', 'ines@demo.tribes'],
    tribe: {
      name: 'Aït Atlas Weavers',
      description: 'Amazigh weavers of the High Atlas keeping carpet patterns and songs alive.',
      lat: 31.06,
      lng: -7.91,
      region: 'Marrakech-Safi, Morocco',
      visibility: 'open',
    },
    villages: [
      {
        name: 'Imlil',
        lat: 31.137,
        lng: -7.919,
        description: 'At the foot of Toubkal.',
        population: 2000,
        by: 'youssef@demo.tribes',
      },
      { name: 'Aroumd', lat: 31.125, lng: -7.912, description: 'Stone houses above the valley.', population: 800 },
      {
        name: 'Tacheddirt',
        lat: 31.154,
        lng: -7.84,
        description: 'Highest village of the valley.',
        population: 350,
        by: 'youssef@demo.tribes',
        approved: false,
      },
    ],
  },
  {
    leader: 'fatima@demo.tribes',
    members: ['amina@demo.tribes', 'ines@demo.tribes'],
    tribe: {
      name: 'Souss Argan Cooperative',
      description: 'Women of the Souss pressing argan oil together.',
      lat: 30.42,
      lng: -9.6,
      region: 'Souss-Massa, Morocco',
      visibility: 'request',
    },
    villages: [{ name: 'Tamanar', lat: 31.0, lng: -9.67, description: 'Argan forest town.', population: 9000 }],
  },
  {
    leader: 'kofi@demo.tribes',
    members: ['amara@demo.tribes', 'sam@demo.tribes'],
    tribe: {
      name: 'Kumasi Kente Circle',
      description: 'Weavers and learners of kente cloth.',
      lat: 6.69,
      lng: -1.62,
      region: 'Ashanti, Ghana',
      visibility: 'open',
    },
    villages: [{ name: 'Bonwire', lat: 6.78, lng: -1.45, description: 'Home of kente weaving.', population: 5000 }],
  },
  {
    leader: 'sam@demo.tribes',
    members: ['aroha@demo.tribes', 'amara@demo.tribes'],
    tribe: {
      name: 'Fraser River Canoe Families',
      description: 'Paddling, carving and language on the Fraser.',
      lat: 49.2,
      lng: -122.9,
      region: 'British Columbia, Canada',
      visibility: 'open',
    },
    villages: [{ name: 'Fort Langley', lat: 49.168, lng: -122.58, description: 'Historic river landing.', population: 3400 }],
  },
  {
    leader: 'lucia@demo.tribes',
    members: ['diego@demo.tribes', 'claire@demo.tribes'],
    tribe: {
      name: 'Sacred Valley Weavers',
      description: 'Quechua textile traditions of the Urubamba.',
      lat: -13.33,
      lng: -72.08,
      region: 'Cusco, Peru',
      visibility: 'open',
    },
    villages: [
      {
        name: 'Chinchero',
        lat: -13.39,
        lng: -72.05,
        description: 'Weaving centre above the valley.',
        population: 10000,
        by: 'diego@demo.tribes',
      },
      { name: 'Ollantaytambo', lat: -13.258, lng: -72.263, description: 'Living Inca town.', population: 11000 },
    ],
  },
  {
    leader: 'aroha@demo.tribes',
    members: ['noa@demo.tribes'],
    tribe: {
      name: 'Te Reo Whānau',
      description: 'Learning and speaking te reo Māori together.',
      lat: -38.14,
      lng: 176.25,
      region: 'Bay of Plenty, Aotearoa New Zealand',
      visibility: 'open',
    },
    villages: [{ name: 'Ohinemutu', lat: -38.128, lng: 176.245, description: 'Lakeside village.', population: 300 }],
  },
  {
    leader: 'tenzin@demo.tribes',
    members: ['claire@demo.tribes'],
    tribe: {
      name: 'Changtang Herders',
      description: 'Nomadic herders of the high plateau.',
      lat: 33.6,
      lng: 78.9,
      region: 'Ladakh, India',
      visibility: 'request',
    },
    villages: [{ name: 'Hanle', lat: 32.79, lng: 78.98, description: 'Under the darkest skies.', population: 1800 }],
  },
  {
    leader: 'marie@demo.tribes',
    members: ['claire@demo.tribes', 'ines@demo.tribes'],
    tribe: {
      name: 'Cercle Breton',
      description: 'Langue, danses et chants de Bretagne.',
      lat: 48.11,
      lng: -1.68,
      region: 'Bretagne, France',
      visibility: 'open',
    },
    villages: [{ name: 'Locronan', lat: 48.097, lng: -4.207, description: 'Village de caractère.', population: 800 }],
  },
  {
    leader: 'yael@demo.tribes',
    members: ['noa@demo.tribes'],
    tribe: {
      name: 'Galilee Olive Growers',
      description: 'Growers sharing presses, harvests and recipes.',
      lat: 32.9,
      lng: 35.3,
      region: 'Galilee',
      visibility: 'open',
    },
    villages: [
      { name: 'Peki’in', lat: 32.975, lng: 35.33, description: 'Old village with an ancient spring.', population: 6000 },
    ],
  },
  {
    leader: 'amina@demo.tribes',
    members: ['youssef@demo.tribes'],
    tribe: {
      name: 'Draa Valley Kasbahs',
      description: 'Families restoring the earthen kasbahs of the Draa.',
      lat: 30.33,
      lng: -5.84,
      region: 'Drâa-Tafilalet, Morocco',
      visibility: 'open',
    },
    villages: [{ name: 'Tamnougalt', lat: 30.68, lng: -6.4, description: 'Kasbah by the palm grove.', population: 1200 }],
  },
  {
    leader: 'kofi@demo.tribes',
    members: ['diego@demo.tribes'],
    tribe: {
      name: 'Mekong Rice Keepers',
      description: 'Seed savers of the delta.',
      lat: 10.03,
      lng: 105.78,
      region: 'Cần Thơ, Vietnam',
      visibility: 'open',
    },
    villages: [{ name: 'Phong Điền', lat: 10.0, lng: 105.67, description: 'Orchards and floating market.', population: 100000 }],
  },
  {
    leader: 'sam@demo.tribes',
    members: ['amara@demo.tribes'],
    tribe: {
      name: 'Sámi Reindeer Sii’da',
      description: 'Herding families of the north.',
      lat: 69.0,
      lng: 23.0,
      region: 'Finnmark, Norway',
      visibility: 'request',
    },
    villages: [{ name: 'Kautokeino', lat: 69.01, lng: 23.04, description: 'Heart of Sápmi.', population: 2900 }],
  },
];

/** Demo posts: tribe index in DEMO_TRIBES, author, text (links, #hashtags, @mentions, several scripts), audience. */
export const DEMO_POSTS: {
  tribe: number;
  by: string;
  body: string;
  visibility: 'public' | 'tribe';
  image?: 'mountains' | 'weave';
  likes?: string[];
  comments?: [string, string][];
}[] = [
  {
    tribe: 0,
    by: 'amina@demo.tribes',
    body: 'أنهينا اليوم زربية جديدة بنقوش أجدادنا. #الأطلس #نسيج\n\nToday we finished a new carpet with our grandmothers’ patterns. #weaving',
    visibility: 'public',
    image: 'weave',
    likes: ['claire@demo.tribes', 'noa@demo.tribes', 'youssef@demo.tribes'],
    comments: [
      ['claire@demo.tribes', 'Magnifique ! Les couleurs sont superbes.'],
      ['noa@demo.tribes', 'איזה יופי! I would love to learn this pattern.'],
    ],
  },
  {
    tribe: 0,
    by: 'youssef@demo.tribes',
    body: 'Snow on Toubkal this morning. Trail to Aroumd is open, take care on the upper path. @Amina the mules are ready for Saturday.',
    visibility: 'tribe',
    image: 'mountains',
    likes: ['amina@demo.tribes'],
    comments: [['amina@demo.tribes', 'شكرا يوسف! نلتقي يوم السبت.']],
  },
  {
    tribe: 2,
    by: 'kofi@demo.tribes',
    body: 'Kente class every Thursday at the Bonwire centre. Beginners welcome — bring your curiosity. #kente #learning',
    visibility: 'public',
    likes: ['amara@demo.tribes', 'sam@demo.tribes'],
  },
  {
    tribe: 4,
    by: 'diego@demo.tribes',
    body: 'Primera cosecha de miel de la temporada en Chinchero. ¡Gracias a todas las familias! #miel #ValleSagrado',
    visibility: 'public',
    likes: ['lucia@demo.tribes', 'claire@demo.tribes'],
    comments: [['lucia@demo.tribes', '¡Qué orgullo! Guardad un frasco para la feria.']],
  },
  {
    tribe: 8,
    by: 'noa@demo.tribes',
    body: 'מסיק הזיתים מתחיל ביום ראשון. מי מצטרף? #זיתים\nOlive harvest starts Sunday — who is joining?',
    visibility: 'public',
    likes: ['yael@demo.tribes'],
  },
  {
    tribe: 7,
    by: 'claire@demo.tribes',
    body: 'Fest-noz samedi à Locronan : danses, chants et crêpes. Apportez vos instruments ! https://example.org/fest-noz',
    visibility: 'public',
    likes: ['marie@demo.tribes', 'ines@demo.tribes'],
  },
  {
    tribe: 3,
    by: 'sam@demo.tribes',
    body: 'Canoe journey planning meeting moved to the longhouse. Families only for now.',
    visibility: 'tribe',
    likes: ['aroha@demo.tribes'],
  },
  {
    tribe: 5,
    by: 'aroha@demo.tribes',
    body: 'Kia ora koutou! This week’s kupu: whānau (family), aroha (love), kōrero (talk). #tereo',
    visibility: 'public',
    likes: ['noa@demo.tribes', 'sam@demo.tribes'],
    comments: [['noa@demo.tribes', 'Ngā mihi! Learning from Tel Aviv.']],
  },
];

/** The learning center's demo: a published course of the first tribe, with lessons and a quiz. */
export const DEMO_COURSE = {
  tribe: 0,
  by: 'amina@demo.tribes',
  course: {
    title: 'Tamazight greetings for beginners',
    description: 'Say hello, thank you and goodbye the way the Atlas villages do, and write your name in Tifinagh.',
    language: 'en' as Locale,
    status: 'published' as const,
    unlock: 'sequential' as const,
  },
  lessons: [
    {
      title: 'Hello and welcome',
      body_markdown:
        '## Azul!\n\n**Azul** (ⴰⵣⵓⵍ) means *hello*. Answer with **Azul** too.\n\n- *Manzakin?* — How are you?\n- *Labas, tanmmirt.* — Fine, thank you.\n\nListen to a village elder greet you, then say it out loud three times.',
    },
    {
      title: 'Thank you and goodbye',
      body_markdown:
        '## Tanmmirt\n\n**Tanmmirt** (ⵜⴰⵏⵎⵎⵉⵔⵜ) means *thank you*.\n\nTo leave, say **Ar tufat** — *see you tomorrow*.\n\n> In the Atlas a guest is thanked twice: once for coming, once for the stories.',
    },
    {
      title: 'Your name in Tifinagh',
      body_markdown:
        '## The alphabet\n\nTifinagh is written left to right. A few letters:\n\n| Letter | Sound |\n|---|---|\n| ⴰ | a |\n| ⵎ | m |\n| ⵏ | n |\n| ⵣ | z |\n\nTry writing **ⴰⵎⵉⵏⴰ** (Amina) — then your own name.',
    },
  ],
  quiz: {
    title: 'Greetings quiz',
    pass_score: 75,
    attempt_limit: null,
    questions: [
      { kind: 'single' as const, prompt: 'What does "Azul" mean?', options: ['Goodbye', 'Hello', 'Water'], correct: 1 },
      { kind: 'true_false' as const, prompt: 'Tifinagh is written left to right.', correct: true },
      { kind: 'short' as const, prompt: 'How do you say "thank you"?', accepted: ['Tanmmirt', 'ⵜⴰⵏⵎⵎⵉⵔⵜ'] },
      {
        kind: 'multiple' as const,
        prompt: 'Which of these are greetings or farewells?',
        options: ['Azul', 'Ar tufat', 'Argan'],
        correct: [0, 1],
      },
    ],
  },
  /** Claire has started: the first lesson is done. */
  learners: [{ email: 'claire@demo.tribes', lessonsDone: 1 }],
};
