// The reading benchmark's vocabulary, most frequent first. Article text draws word ranks from a Zipf-like
// distribution (rank = floor(N^random()), so P(rank r) ≈ 1/r), which gives search terms realistic selectivities:
// the head is English function words (stop words to the 'english' text search configuration) mixed with
// common news words, the middle everyday English words, and the long tail synthetic but pronounceable words,
// standing in for the names and rare terms real text is full of.

const HEAD = `the of and to a in is that for it said on was with he as at by new from his be this are have
year not people has but they its after an first two had were which or been will their would more who about
time years up out also one government world can there when all we over into last than other week could so
some our now day state country city police report news just no what like three may most many only him them
made percent million market company back day before while new work because did during even any these those`;

const COMMON = `president public life school business team game season home water power health family support house
money group service officials music local project data security second system children women support economy
court law policy election party campaign vote minister energy climate research study university science space
technology software computer internet phone online video film book art history community council program plan
price prices sales growth industry workers jobs trade bank banks billion budget tax taxes cost costs deal deals
war military army attack forces peace talks leaders nation national international global region area island
river road street building town village center street park hospital doctor patients disease virus vaccine drug
food farm farmers crop rain storm weather winter summer spring autumn morning night evening today tomorrow
player players coach match league cup final win won lost score goal goals record title race driver car cars
train flight airport travel hotel tourism restaurant chef wine coffee tea bread garden forest mountain ocean
beach lake desert coast bridge tower station factory engine battery solar wind oil gas coal nuclear electric
network platform app apps users privacy search engine cloud server code release version update feature design
designer camera photo photos image images story stories writer author novel poem poetry theater dance song
songs album band concert festival show series episode actor actress director studio award prize winner judge
case trial jury lawyer prison crime arrest officer fire crash accident injury rescue emergency protest strike
union rights freedom speech media press journalist editor newspaper magazine radio television channel broadcast
audience fans crowd stadium arena gold silver medal olympic student students teacher teachers class classes
exam college degree library museum gallery exhibition painting sculpture architecture history ancient modern
future change changes plans report reports survey poll analysis experts scientists researchers evidence results
answer question questions problem problems issue issues crisis risk risks safety danger threat warning alert
decision debate vote votes law laws rule rules board committee agency department office ministry parliament
senate congress governor mayor leader candidate candidates voters supporters opponents critics allies partners
border borders refugees migrants immigration population census housing rent homes property land estate farmers
market markets investors shares stock stocks bonds rates inflation interest loans debt credit spending deficit
revenue profit profits losses startup founder founders chief executive manager staff employees customers clients
product products brand brands retail store stores shopping online delivery shipping supply chain demand shortage`;

const EVERYDAY = `acorn alpine amber anchor apple arrow aspen atlas aurora autumn badge bamboo banner barley basil basin
beacon bear berry birch bison blaze blossom bluff breeze bronze brook cabin cactus camel candle canvas canyon
cedar cherry cider cinder citrus clover cobalt comet copper coral cotton crane crater cricket crimson crystal
cypress dahlia daisy delta denim dolphin dove dragon drift dune eagle ember emerald falcon fern fiddle fjord
flint fossil fox frost galaxy garnet gazelle geyser ginger glacier granite grove gull harbor harvest hazel
heron hickory hollow honey horizon iris ivory jade jasmine juniper kelp kestrel lagoon lantern larch lava
lemon lilac linen lotus lynx magnet mango maple marble marsh meadow mesa meteor mint mist moss nectar nickel
nimbus oak oasis olive onyx orchid osprey otter owl paddle palm panda pebble pepper pine plum polar poppy
prairie prism quail quartz quill raven reef ridge robin ruby saffron sage salmon sapphire shell sierra
slate sparrow spruce summit swan thistle thunder tide tiger timber topaz tulip tundra valley velvet violet
walnut willow wolf zephyr zinnia absorb accent active adapt admire adopt advance advice affair afford agenda
alarm album alert alien alike alive alley almond alpha altar amount ample angle ankle annual anthem antique
anvil apron arcade archive arena armor aroma arrange artist ascent ashore aspect asset assist athlete attic
auction audit avenue average avocado awake awful axis bacon bakery balance ballad ballot bandit banjo barrel
basket battle beauty bench bicycle billion biscuit blanket blender blossom border bottle boulder bounce bracket
breath brick brief bright broken bubble bucket buffalo buffet bundle burden butter button cable cafe camp
canal cancel cannon capable capital captain carbon career cargo carpet carrot castle casual catalog cattle
cause caution cavern ceiling celery cellar cement census century cereal certain chain chalk chamber champion
chapter charge charity charm chase cheap cheese chess chicken chimney choice chorus chronic circle circus citizen
civil claim clarity classic clay clerk clever cliff climb clinic clock cloth cloud clown cluster coach coast
cocoa coconut collar colony column combat comfort comic common compass concert confirm connect consider
contest control copy corner cottage couch cousin cradle craft crayon cream credit crew crisp cross crowd cruise
crumb crunch cube culture cupboard curious current curtain cushion custom cycle damage dancer danger daring dawn
debris decade decent decline decree defense degree delay deliver demand denial dentist deposit depth deputy
desert desk detail device devote diagram dial diamond diary diesel digital dinner dinosaur direct dirt discover
dish display distance divide doctor dolphin domain donkey donor double dozen draft drama drawer dream dress
drill drum dryer duck duty dwarf dynamic eager early earth easily echo ecology edge editor effort eight elbow
elder element elephant elevator elite embrace emotion empire empty enable endless enemy energy enforce engine
enjoy enrich ensure entire entry envelope episode equal equip erosion escape essay essence estate eternal
evolve exact example excess exchange excite exhaust exile exist exotic expand expect expire explain expose
extend extra fabric faculty fade faint faith fame family famous fancy fantasy fashion fatal father fatigue
fault favorite feather federal fence festival fever fiber fiction field figure filter finger finish fiscal
fitness flag flame flavor fleet flight float flock floor flower fluid flush foam focus fog foil folk forest
fortune forum fountain fragile frame frequent fresh friend fringe frozen fruit fuel funny furnace fury gadget
gallery gamble garage garlic gather gauge gentle genuine gesture giant gift giraffe glance glass glimpse globe
gloom glory glove glow glue goat gospel gossip gown grace grain grant grape grass gravity great green grid
grief grocery guard guess guide guitar habit hammer hamster harbor hardware harsh hawk health heart heavy
hedge height helmet hero hidden hint hobby hockey holiday hood hope horn horror horse hospital hover hub huge
humble humor hundred hunger hurdle husband hybrid ice icon idea identify idle ignore image immune impact
impose income index indoor infant inform inhale inject injury inmate inner input insect inside insist inspire
install intact invest invite involve iron island isolate ivory jacket jaguar jealous jeans jelly jewel jockey
journey jungle junior justice kangaroo keen kernel ketchup kettle kidney kingdom kitchen kite kitten knee knife
label labor ladder lady lamp language laptop large laser latin laundry lawn layer leader leaf lecture legal
legend leisure lens leopard lesson letter level liberty lift light limb limit liquid lizard lobster logic lonely
loyal lucky lumber lunar lunch luxury lyrics machine magic maid mail major mammal mansion manual marine market
mask master match material matrix meadow measure medal melody member memory mention menu mercy merit message
metal method middle midnight million mimic mind minor miracle mirror misery mixture mobile model modify moment
monitor monkey monster month moral morning mosquito mother motion motor mountain mouse movie muffin muscle
museum mushroom music mutual myself mystery myth napkin narrow nasty nature needle negative neglect neither
nephew nerve network neutral noble noise nominee noodle normal notable novel number nurse object oblige obscure
obtain ocean october odor offer office often olive olympic omit opera opinion oppose option orange orbit orchard
order ordinary organ orient original orphan ostrich outdoor outer output outside oval oven owner oxygen oyster
`;

const SYLLABLES = [
  'ba',
  'ko',
  'mi',
  'ru',
  'te',
  'la',
  'no',
  'vi',
  'sa',
  'de',
  'fo',
  'gi',
  'ha',
  'ju',
  'ke',
  'lo',
  'ma',
  'ne',
  'po',
  'ri',
  'tu',
  'va',
  'we',
  'zo',
  'bri',
  'dra',
  'fle',
  'gro',
  'kla',
  'pra',
  'sto',
  'tri',
  'vel',
  'mor',
  'tan',
  'dor',
  'lin',
  'ren',
  'kar',
  'zen',
];

/** `size` distinct lower-case words, most frequent first: the English lists, then synthetic words. */
export function vocabulary(size: number): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const word of `${HEAD} ${COMMON} ${EVERYDAY}`.split(/\s+/)) {
    if (word && !seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const base = SYLLABLES.length;
  for (let n = 0; words.length < size; n++) {
    // Three or four syllables from the digits of n, plus a closing consonant so the stemmer leaves it whole.
    let word = '';
    let rest = n;
    for (let i = 0; i < 3 || rest > 0; i++) {
      word += SYLLABLES[rest % base];
      rest = Math.floor(rest / base);
    }
    word += 'th';
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words.slice(0, size);
}
