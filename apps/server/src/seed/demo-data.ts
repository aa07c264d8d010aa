import type { CreateAssessmentBody, CreateTribeBody, Locale, Role } from '@tribes/shared';
import { DEMO_EMAIL_DOMAIN } from '#src/modules/system/index.js';

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
  email: `${handle}@${DEMO_EMAIL_DOMAIN}`,
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
  // Neighbours, learners and supporters, so every tribe has a crowd (five languages, as the app has).
  p('Omar Tazi', 'omar', 'ar', 'member', 'Beekeeper in the Souss hills.'),
  p('Khadija Ouhammou', 'khadija', 'ar', 'member', 'Dyes wool with saffron and henna.'),
  p('Hassan Amrani', 'hassan', 'ar', 'supporter', 'Engineer in Casablanca, son of the Draa.'),
  p('Salma Bennani', 'salma', 'ar', 'member', 'Teacher of Tifinagh at the village school.'),
  p('Rachid Oubella', 'rachid', 'ar', 'member', 'Restores earthen walls, one season at a time.'),
  p('Élodie Martin', 'elodie', 'fr', 'member', 'Sonneuse de bombarde à Quimper.'),
  p('Luc Garnier', 'luc', 'fr', 'supporter', 'Retired teacher, donates to school projects.'),
  p('Camille Moreau', 'camille', 'fr', 'member', 'Photographer of crafts and hands.'),
  p('Yann Le Goff', 'yann', 'fr', 'member', 'Chanteur de kan ha diskan.'),
  p('Sophie Bernard', 'sophie', 'fr', 'supporter', 'Nurse in Lyon, learning Breton.'),
  p('Avi Mizrahi', 'avi', 'he', 'member', 'Presses olives in Peki’in every autumn.'),
  p('Tamar Shapiro', 'tamar', 'he', 'member', 'Botanist mapping old olive trees.'),
  p('Daniel Katz', 'daniel', 'he', 'supporter', 'Software developer, weekend farmer.'),
  p('Maya Friedman', 'maya', 'he', 'member', 'Cooks the recipes of her grandmother.'),
  p('Yosef Ben David', 'yosef', 'he', 'member', 'Guide on the Galilee trail.'),
  p('Carmen Flores', 'carmen', 'es', 'member', 'Tejedora de Chinchero.'),
  p('Mateo Huamán', 'mateo', 'es', 'member', 'Alpaca herder above the valley.'),
  p('Valentina Rojas', 'valentina', 'es', 'supporter', 'Anthropologist in Lima.'),
  p('Javier Morales', 'javier', 'es', 'member', 'Sings huaynos at every feast.'),
  p('Rosa Mamani', 'rosa', 'es', 'member', 'Natural dyes: cochineal, chilca, q’olle.'),
  p('Kwame Asante', 'kwame', 'en', 'member', 'Drummer and kente apprentice.'),
  p('Hemi Walker', 'hemi', 'en', 'member', 'Carver of waka and stories.'),
  p('Nyima Lhamo', 'nyima', 'en', 'member', 'Spins pashmina by the lake.'),
  p('Liam O’Brien', 'liam', 'en', 'supporter', 'Donor in Dublin; follows every campaign.'),
  p('Ánde Sara', 'ande', 'en', 'member', 'Reindeer herder and joik singer.'),
];

/**
 * Who else joins which tribe (besides DEMO_TRIBES' members): index in DEMO_TRIBES. A person's
 * first tribe here is their primary one when they are not already in a tribe.
 */
export const DEMO_MEMBERSHIPS: Record<string, number[]> = {
  omar: [1, 0],
  khadija: [0, 1],
  hassan: [9, 0],
  salma: [0, 9],
  rachid: [9],
  elodie: [7],
  luc: [7, 2],
  camille: [7, 0, 4],
  yann: [7],
  sophie: [7, 5],
  avi: [8],
  tamar: [8, 6],
  daniel: [8, 10],
  maya: [8],
  yosef: [8, 3],
  carmen: [4],
  mateo: [4, 6],
  valentina: [4, 0],
  javier: [4],
  rosa: [4, 1],
  kwame: [2],
  hemi: [5, 3],
  nyima: [6],
  liam: [3, 2, 11],
  ande: [11, 3],
  amara: [10],
  youssef: [1],
  diego: [2],
};

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

/**
 * Lines the generated posts are made of, in each language: `{place}` is one of the tribe's
 * villages (or its region), `{tribe}` its name. The seed picks them with its PRNG, so the feed
 * reads the same on every first start.
 */
export const DEMO_POST_LINES: Record<Locale, string[]> = {
  en: [
    'Morning light over {place}. Grateful for this place and the people in it. #home',
    'We finished the new pattern today after three weeks on the loom. Proud of the whole {tribe} team!',
    'Who is coming to the gathering in {place} on Saturday? Bring food to share and your stories.',
    'The elders taught the children two old songs this evening. Recording them for the archive. #heritage',
    'Harvest update from {place}: the rain came just in time and the fields look good.',
    'Thank you to everyone who helped repair the community hall. Forty hands, one weekend!',
    'New learners joined the language circle this week. Welcome, and do not be shy to ask questions.',
    'Sharing a photo from the walk above {place}. The path is dry again, wear good shoes.',
    'Market day in {place}: our stall sold out before noon. The next batch is on the loom already.',
    'Reminder: the monthly meeting of {tribe} is on Thursday at 6 pm. Agenda in the comments.',
  ],
  ar: [
    'صباح جميل فوق {place}. الحمد لله على هذه الأرض وأهلها. #بلادي',
    'أنهينا اليوم نقشة جديدة بعد ثلاثة أسابيع على المنسج. فخورون بفريق {tribe}!',
    'من سيحضر اللقاء في {place} يوم السبت؟ أحضروا طعاماً للمشاركة وحكاياتكم.',
    'علّم الكبار الأطفال أغنيتين قديمتين هذا المساء. نسجلهما للأرشيف. #تراث',
    'أخبار الحصاد من {place}: جاء المطر في وقته والحقول بخير.',
    'شكراً لكل من ساعد في إصلاح دار الجماعة. أربعون يداً في عطلة واحدة!',
    'انضم متعلمون جدد إلى حلقة اللغة هذا الأسبوع. مرحباً بكم، ولا تترددوا في السؤال.',
    'صورة من المشي فوق {place}. الطريق جاف من جديد، البسوا أحذية جيدة.',
    'يوم السوق في {place}: نفدت بضاعتنا قبل الظهر. الدفعة القادمة على المنسج.',
    'تذكير: الاجتماع الشهري لـ{tribe} يوم الخميس على الساعة السادسة مساءً.',
  ],
  fr: [
    'Lumière du matin sur {place}. Reconnaissants pour ce lieu et pour les gens qui y vivent. #village',
    'Nous avons terminé le nouveau motif aujourd’hui après trois semaines sur le métier. Bravo à toute l’équipe de {tribe} !',
    'Qui vient au rassemblement de {place} samedi ? Apportez de quoi partager et vos histoires.',
    'Les anciens ont appris deux vieilles chansons aux enfants ce soir. Nous les enregistrons pour les archives. #patrimoine',
    'Nouvelles de la récolte à {place} : la pluie est arrivée juste à temps et les champs sont beaux.',
    'Merci à toutes celles et ceux qui ont aidé à réparer la salle commune. Quarante mains, un week-end !',
    'De nouveaux apprenants ont rejoint le cercle de langue cette semaine. Bienvenue, et posez vos questions.',
    'Une photo de la marche au-dessus de {place}. Le chemin est de nouveau sec, prenez de bonnes chaussures.',
    'Jour de marché à {place} : notre stand était vide avant midi. La suite est déjà sur le métier.',
    'Rappel : la réunion mensuelle de {tribe} a lieu jeudi à 18 h. L’ordre du jour est dans les commentaires.',
  ],
  he: [
    'אור בוקר מעל {place}. מודים על המקום הזה ועל האנשים שבו. #בית',
    'סיימנו היום את הדוגמה החדשה אחרי שלושה שבועות על הנול. גאים בכל צוות {tribe}!',
    'מי מגיע למפגש ב{place} בשבת? הביאו אוכל לחלוק וסיפורים.',
    'הזקנים לימדו את הילדים שני שירים ישנים הערב. אנחנו מקליטים אותם לארכיון. #מורשת',
    'עדכון קציר מ{place}: הגשם הגיע בדיוק בזמן והשדות נראים טוב.',
    'תודה לכל מי שעזר לתקן את בית העם. ארבעים ידיים, סוף שבוע אחד!',
    'לומדים חדשים הצטרפו השבוע לחוג השפה. ברוכים הבאים, ואל תתביישו לשאול.',
    'תמונה מההליכה מעל {place}. השביל שוב יבש, נעלו נעליים טובות.',
    'יום שוק ב{place}: הדוכן שלנו התרוקן לפני הצהריים. המנה הבאה כבר על הנול.',
    'תזכורת: המפגש החודשי של {tribe} ביום חמישי בשש בערב.',
  ],
  es: [
    'Luz de la mañana sobre {place}. Agradecidos por este lugar y por su gente. #comunidad',
    'Hoy terminamos el nuevo diseño después de tres semanas en el telar. ¡Orgullo de todo el equipo de {tribe}!',
    '¿Quién viene al encuentro en {place} el sábado? Traigan comida para compartir y sus historias.',
    'Los mayores enseñaron dos canciones antiguas a los niños esta tarde. Las grabamos para el archivo. #herencia',
    'Noticias de la cosecha en {place}: la lluvia llegó justo a tiempo y los campos están bien.',
    'Gracias a todas las personas que ayudaron a reparar el salón comunal. ¡Cuarenta manos, un fin de semana!',
    'Nuevos aprendices se unieron al círculo de lengua esta semana. Bienvenidos, y pregunten sin miedo.',
    'Una foto de la caminata sobre {place}. El camino está seco otra vez, lleven buenos zapatos.',
    'Día de mercado en {place}: nuestro puesto se vació antes del mediodía. La próxima tanda ya está en el telar.',
    'Recordatorio: la reunión mensual de {tribe} es el jueves a las 18 h. La agenda está en los comentarios.',
  ],
};

/** Short replies under posts, in each language. */
export const DEMO_COMMENT_LINES: Record<Locale, string[]> = {
  en: [
    'Beautiful!',
    'Count me in.',
    'Thank you for sharing this.',
    'So proud of you all.',
    'What a view!',
    'I will bring bread.',
  ],
  ar: ['رائع!', 'سأكون هناك.', 'شكراً على المشاركة.', 'فخورون بكم جميعاً.', 'منظر جميل!', 'سأحضر الخبز.'],
  fr: [
    'Magnifique !',
    'Je serai là.',
    'Merci pour le partage.',
    'Tellement fiers de vous.',
    'Quelle vue !',
    'J’apporte le pain.',
  ],
  he: ['מהמם!', 'אני בפנים.', 'תודה ששיתפת.', 'גאים בכולכם.', 'איזה נוף!', 'אני אביא לחם.'],
  es: ['¡Precioso!', 'Cuenten conmigo.', 'Gracias por compartir.', 'Muy orgullosos de todos.', '¡Qué vista!', 'Yo llevo el pan.'],
};

/** Alt text of the generated photos, in the author's language. */
export const DEMO_ALT: Record<Locale, { landscape: string; pattern: string }> = {
  en: { landscape: 'Hills and mountains near {place} at dawn', pattern: 'A woven pattern of bands and diamonds' },
  ar: { landscape: 'تلال وجبال قرب {place} عند الفجر', pattern: 'نقشة منسوجة من أشرطة ومعينات' },
  fr: { landscape: 'Collines et montagnes près de {place} à l’aube', pattern: 'Un motif tissé de bandes et de losanges' },
  he: { landscape: 'גבעות והרים ליד {place} עם שחר', pattern: 'דוגמה ארוגה של פסים ומעוינים' },
  es: { landscape: 'Colinas y montañas cerca de {place} al amanecer', pattern: 'Un diseño tejido de franjas y rombos' },
};

/** Messages donors leave, in their language (some leave none). */
export const DEMO_DONATION_LINES: Record<Locale, string[]> = {
  en: ['Good luck!', 'For the children.', 'Keep going!', ''],
  ar: ['بالتوفيق!', 'من أجل الأطفال.', 'واصلوا!', ''],
  fr: ['Courage !', 'Pour les enfants.', 'Bravo pour ce projet.', ''],
  he: ['בהצלחה!', 'למען הילדים.', 'תמשיכו כך!', ''],
  es: ['¡Ánimo!', 'Por los niños.', '¡Adelante!', ''],
};

/**
 * Campaigns: tribe index, organiser, story (Markdown), goal, days since launch and days left, and
 * the shape of the donation history: `launch` (a burst then a tail), `steady`, `late` (a final push)
 * or `waves` (two peaks). `donations` is how many gifts it received; `reach` the share of the goal.
 */
export const DEMO_CAMPAIGNS: {
  tribe: number;
  by: string;
  title: string;
  description: string;
  goal: number;
  started: number;
  left: number;
  shape: 'launch' | 'steady' | 'late' | 'waves';
  donations: number;
  reach: number;
  art: 'landscape' | 'pattern';
}[] = [
  {
    tribe: 0,
    by: 'amina@demo.tribes',
    title: 'A loom for the weaving school',
    description:
      'Two new looms so twenty girls can learn the patterns of the Atlas.\n\n## Why\n\nOur grandmothers wove every symbol of the valley into carpets: the eye that protects, the path of the river, the snake of the harvest. Today only **three** women in Imlil still know all of them.\n\n## What your tokens buy\n\n- two wooden looms built in Asni\n- wool and natural dyes for the first year\n- a teacher for Saturday classes',
    goal: 20000,
    started: 48,
    left: 30,
    shape: 'launch',
    donations: 26,
    reach: 0.72,
    art: 'pattern',
  },
  {
    tribe: 4,
    by: 'lucia@demo.tribes',
    title: 'Alpaca wool for the winter guild',
    description:
      'Raw wool and natural dyes for the Chinchero weavers.\n\nEn invierno el telar no para: con lana de alpaca y tintes naturales, **doce tejedoras** pueden trabajar hasta la feria de mayo.\n\n- lana cruda de Mateo y su familia\n- cochinilla, chilca y q’olle\n- un almuerzo compartido cada sábado',
    goal: 8000,
    started: 35,
    left: 12,
    shape: 'steady',
    donations: 18,
    reach: 0.9,
    art: 'pattern',
  },
  {
    tribe: 2,
    by: 'kofi@demo.tribes',
    title: 'Kente classroom roof',
    description:
      'Fix the roof before the rainy season.\n\nThe Bonwire classroom has taught kente to **sixty** apprentices. Last June the rain came through the roof onto the looms. New iron sheets, timber and two days of work keep the class open all year.',
    goal: 5000,
    started: 40,
    left: 8,
    shape: 'late',
    donations: 20,
    reach: 1.08,
    art: 'pattern',
  },
  {
    tribe: 1,
    by: 'fatima@demo.tribes',
    title: 'A shared argan press',
    description:
      'مكبس مشترك لتعاونية أركان.\n\nA hand press saves each woman of the cooperative **two days a week** of grinding by stone. The oil stays ours and the price stays fair.\n\n- one stainless press\n- a shelter from the sun\n- training for the youngest members',
    goal: 12000,
    started: 55,
    left: 20,
    shape: 'waves',
    donations: 24,
    reach: 0.64,
    art: 'landscape',
  },
  {
    tribe: 5,
    by: 'aroha@demo.tribes',
    title: 'Books for the language nest',
    description:
      'Picture books in te reo Māori for the kōhanga reo.\n\nChildren learn the language they hear at bedtime. We want **a hundred books** on the shelves of Ohinemutu, written and illustrated by our own people.',
    goal: 3000,
    started: 21,
    left: 25,
    shape: 'launch',
    donations: 14,
    reach: 0.55,
    art: 'landscape',
  },
  {
    tribe: 8,
    by: 'yael@demo.tribes',
    title: 'Repair the old olive press',
    description:
      'שיקום בית הבד הישן בפקיעין.\n\nThe stone press of Peki’in has served five families for eighty years. Its wheel cracked last season; a stonemason can fix it before the **November harvest**.',
    goal: 6000,
    started: 30,
    left: 16,
    shape: 'steady',
    donations: 16,
    reach: 0.47,
    art: 'landscape',
  },
  {
    tribe: 9,
    by: 'amina@demo.tribes',
    title: 'Earth and straw for the kasbah roof',
    description:
      'Save the roof of the Tamnougalt kasbah before the winter storms.\n\nEarthen buildings live if they are repaired every year. With **earth, straw and palm beams** and the hands of the village, the kasbah stays a home instead of a ruin.',
    goal: 15000,
    started: 26,
    left: 40,
    shape: 'waves',
    donations: 15,
    reach: 0.38,
    art: 'landscape',
  },
  {
    tribe: 7,
    by: 'marie@demo.tribes',
    title: 'Des instruments pour le fest-noz',
    description:
      'Des bombardes et des binious pour les jeunes sonneurs.\n\nChaque fest-noz a besoin de musiciens. Avec **six instruments** prêtés aux élèves, le cercle forme la prochaine génération de sonneurs du pays de Quimper.',
    goal: 4000,
    started: 14,
    left: 30,
    shape: 'late',
    donations: 12,
    reach: 0.6,
    art: 'pattern',
  },
];

/** Three more published courses in other tribes and languages, each with lessons and a short quiz. */
export const DEMO_MORE_COURSES: {
  tribe: number;
  by: string;
  course: { title: string; description: string; language: Locale; status: 'published'; unlock: 'all' | 'sequential' };
  lessons: { title: string; body_markdown: string }[];
  quiz: { title: string; pass_score: number; attempt_limit: null; questions: CreateAssessmentBody['questions'] };
  learners: { email: string; lessonsDone: number }[];
}[] = [
  {
    tribe: 2,
    by: 'kofi@demo.tribes',
    course: {
      title: 'Reading kente: colours and names',
      description: 'What the colours of kente say, and how a cloth gets its name.',
      language: 'en',
      status: 'published',
      unlock: 'sequential',
    },
    lessons: [
      {
        title: 'The colours',
        body_markdown:
          '## Colours speak\n\n- **Gold**: wealth and royalty\n- **Green**: harvest and growth\n- **Blue**: peace and harmony\n- **Red**: sacrifice and struggle',
      },
      {
        title: 'Names of cloths',
        body_markdown:
          '## Every cloth has a name\n\nA pattern is named by its weaver or by the proverb it carries: *Fathia fata Nkrumah* remembers a wedding.',
      },
      {
        title: 'The strip and the loom',
        body_markdown: '## Narrow strips\n\nKente is woven in strips about **ten centimetres** wide, then sewn edge to edge.',
      },
    ],
    quiz: {
      title: 'Kente check',
      pass_score: 60,
      attempt_limit: null,
      questions: [
        { kind: 'single', prompt: 'What does gold stand for?', options: ['Peace', 'Wealth and royalty', 'Harvest'], correct: 1 },
        { kind: 'true_false', prompt: 'Kente is woven in narrow strips.', correct: true },
      ],
    },
    learners: [
      { email: 'kwame@demo.tribes', lessonsDone: 3 },
      { email: 'amara@demo.tribes', lessonsDone: 1 },
    ],
  },
  {
    tribe: 7,
    by: 'marie@demo.tribes',
    course: {
      title: 'Le breton en dix mots',
      description: 'Saluer, remercier et se présenter en breton, avec la prononciation.',
      language: 'fr',
      status: 'published',
      unlock: 'all',
    },
    lessons: [
      {
        title: 'Saluer',
        body_markdown: '## Demat !\n\n**Demat** veut dire *bonjour*. Le soir, on dit **Noz vat** : *bonne nuit*.',
      },
      {
        title: 'Remercier',
        body_markdown: '## Trugarez\n\n**Trugarez** : *merci*. **Trugarez vras** : *merci beaucoup*.',
      },
      {
        title: 'Se présenter',
        body_markdown: '## Me a zo…\n\n**Me a zo Marie** : *je suis Marie*. **Eus Kemper on** : *je suis de Quimper*.',
      },
    ],
    quiz: {
      title: 'Petit quiz',
      pass_score: 50,
      attempt_limit: null,
      questions: [
        { kind: 'single', prompt: 'Que veut dire « Demat » ?', options: ['Merci', 'Bonjour', 'Au revoir'], correct: 1 },
        { kind: 'short', prompt: 'Comment dit-on « merci » ?', accepted: ['Trugarez'] },
      ],
    },
    learners: [
      { email: 'sophie@demo.tribes', lessonsDone: 2 },
      { email: 'claire@demo.tribes', lessonsDone: 3 },
    ],
  },
  {
    tribe: 4,
    by: 'lucia@demo.tribes',
    course: {
      title: 'Tejido andino: primeros pasos',
      description: 'Del vellón al hilo: hilar, teñir y urdir como en Chinchero.',
      language: 'es',
      status: 'published',
      unlock: 'sequential',
    },
    lessons: [
      {
        title: 'Hilar con pushka',
        body_markdown: '## La pushka\n\nEl huso de mano gira mientras caminas: **hilar** es tan antiguo como el valle.',
      },
      {
        title: 'Teñir con plantas',
        body_markdown: '## Tintes naturales\n\n- **cochinilla**: rojos y morados\n- **chilca**: verdes\n- **q’olle**: amarillos',
      },
      {
        title: 'Urdir',
        body_markdown: '## La urdimbre\n\nLos hilos largos del telar se llaman **urdimbre**; el diseño nace al levantarlos.',
      },
    ],
    quiz: {
      title: 'Prueba rápida',
      pass_score: 50,
      attempt_limit: null,
      questions: [
        { kind: 'single', prompt: '¿Qué planta da verdes?', options: ['Chilca', 'Cochinilla', 'Q’olle'], correct: 0 },
        { kind: 'true_false', prompt: 'La urdimbre son los hilos largos del telar.', correct: true },
      ],
    },
    learners: [
      { email: 'carmen@demo.tribes', lessonsDone: 2 },
      { email: 'diego@demo.tribes', lessonsDone: 1 },
    ],
  },
];

/** Zones of the demo tribes' places: each tribe's events are in the zone nearest its first village. */
export const DEMO_ZONES: [zone: string, lat: number, lng: number][] = [
  ['Africa/Casablanca', 31.6, -8.0],
  ['Africa/Accra', 5.6, -0.2],
  ['America/Vancouver', 49.3, -123.1],
  ['America/Lima', -12.0, -77.0],
  ['Pacific/Auckland', -36.8, 174.8],
  ['Asia/Kolkata', 28.6, 77.2],
  ['Europe/Paris', 48.9, 2.35],
  ['Asia/Jerusalem', 31.8, 35.2],
  ['Asia/Ho_Chi_Minh', 10.8, 106.7],
  ['Europe/Oslo', 59.9, 10.7],
];

/** Each demo tribe's gatherings (DESIGN 11.3): one past, one coming, one weekly; `{place}` is its first village. */
export const DEMO_EVENTS = {
  past: { title: 'Spring gathering at {place}', description: 'Thank you all for coming: photos are in the feed.' },
  upcoming: {
    title: 'Harvest day at {place}',
    description: 'We pick, sort and share. Bring **baskets**, water and a hat; lunch is on the village.',
  },
  weekly: { title: 'Weekly language circle', description: 'An hour of our language for every level, online and in person.' },
};
