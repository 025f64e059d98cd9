// Wire copy: one agency story at several outlets, each with its own address and headline, some with the lede
// rewritten, a sentence cut or added, a byline or credit line in front, or only an excerpt. Beside each, what a
// reader keeps apart from it: the agency's follow-up, another agency's own report of the same event, and the
// agency's next story written on the same template.
import { allPairs, apart, article, copy, excerpt, hoursAfter, same, type LabelledPair } from './pairKit.ts';

const QUAKE =
  'LIMA, Peru (AP) — A magnitude 6.8 earthquake shook southern Peru early Monday, damaging hundreds of adobe homes in the Arequipa region, ' +
  'cutting power to several towns and sending residents running into the streets in the dark, authorities said. ' +
  'The U.S. Geological Survey said the quake struck at 3:42 a.m. local time at a depth of 38 kilometers (24 miles), about 60 kilometers (37 miles) ' +
  'northwest of the town of Camaná. Peru’s civil defense institute said at least four people were injured by falling debris and that teams ' +
  'were still assessing damage in remote villages of the Andes. “The house moved like a boat. We grabbed the children and ran outside,” said ' +
  'Rosa Quispe, a 52-year-old market vendor in Camaná. Peru sits on the Pacific “Ring of Fire,” an arc of volcanoes and fault lines circling the ' +
  'Pacific Basin where most of the world’s earthquakes occur.';

const FED =
  'WASHINGTON, May 6 (Reuters) - The Federal Reserve held interest rates steady on Wednesday and said it would need "greater confidence" that ' +
  'inflation is moving sustainably toward its 2% target before cutting borrowing costs, even as recent data showed price pressures easing. ' +
  'The U.S. central bank kept its benchmark overnight interest rate in the 4.25%-4.50% range, where it has been since December, in a unanimous ' +
  'decision. "The economy is strong overall, and we are well positioned to wait for more clarity," the Fed chair told reporters after the end of ' +
  'a two-day policy meeting. Policymakers noted in their statement that the unemployment rate "has stabilized at a low level" and that labor ' +
  'market conditions "remain solid." Financial markets had all but ruled out a rate change at this meeting.';

const WILDFIRE =
  'FLAGSTAFF, Ariz. (AP) — A wildfire fueled by strong winds and dry grass forced the evacuation of about 2,000 homes on the northern edge of ' +
  'Flagstaff on Saturday as it grew to more than 4,000 acres (1,600 hectares), fire officials said. The Coconino County Sheriff’s Office ordered ' +
  'residents of several subdivisions to leave immediately and opened a shelter at a high school. No injuries had been reported by Saturday ' +
  'evening, and it was not clear whether any homes had burned. Gusts of up to 50 mph (80 kph) grounded firefighting aircraft for much of the ' +
  'afternoon, said a spokesperson for the Coconino National Forest. The cause of the fire was under investigation.';

const HOCKEY =
  'BOSTON (AP) — Chris Kreider scored 3:17 into overtime and the New York Rangers beat the Boston Bruins 3-2 on Thursday night to even their ' +
  'second-round playoff series at two games apiece. Kreider redirected a point shot from Adam Fox past Jeremy Swayman for his sixth goal of the ' +
  'postseason. Mika Zibanejad and Vincent Trocheck also scored for New York, and Igor Shesterkin made 31 saves. David Pastrnak and Charlie McAvoy ' +
  'scored for Boston, which had taken a 2-1 lead midway through the third period before Trocheck tied it with 4:48 left. Game 5 is Saturday in New York.';

const SWIFTS_RELEASE =
  'Common swifts spend up to ten months a year in the air without landing, and a new study shows how they manage to sleep. Researchers at the ' +
  'University of Northmoor fitted 19 swifts with data loggers weighing less than a gram and recorded their altitude and wing beats during the ' +
  'birds’ migration between northern Europe and Central Africa. Twice a day, at dusk and dawn, the birds climbed to around 3,000 metres and then ' +
  'glided slowly down in long spirals, a pattern the team says coincides with short periods of sleep. “A swift gliding down from that height ' +
  'has several minutes in which it hardly needs to flap,” said lead author Dr. Hanna Lindqvist. The study is published in the journal Current Ecology.';

const FUNDING =
  'PITTSBURGH, May 5, 2026 /PRNewswire/ -- Acme Robotics, a leading provider of autonomous mobile robots for warehouses and distribution centers, ' +
  'today announced that it has raised $85 million in Series C funding led by Northgate Ventures, with participation from existing investors. ' +
  'The company will use the funding to expand manufacturing of its Trolley robot line, open a service hub in Rotterdam and double its ' +
  'engineering team over the next 18 months. "Warehouses are short of people at exactly the moment order volumes are climbing," said Maria ' +
  'Okafor, chief executive of Acme Robotics. "Our robots take the walking out of picking, so people can do the work that needs judgement."';

const BAHN =
  'Berlin (dpa) - Die Lokführergewerkschaft GDL hat für Donnerstag und Freitag einen erneuten Streik im Personen- und Güterverkehr der Deutschen ' +
  'Bahn angekündigt. Der Ausstand soll im Güterverkehr bereits am Mittwochabend um 18.00 Uhr beginnen, im Personenverkehr am Donnerstag um 2.00 Uhr, ' +
  'teilte die Gewerkschaft in Frankfurt mit. Die Bahn rechnet mit massiven Einschränkungen im Fern- und Regionalverkehr und will einen Notfahrplan ' +
  'anbieten. Fahrgäste, die ihre Reise wegen des Streiks verschieben wollen, können ihre Fahrkarten nach Angaben des Konzerns flexibel nutzen. ' +
  'Die Tarifverhandlungen waren in der vergangenen Woche ohne Ergebnis abgebrochen worden.';

const TSUYU =
  '気象庁は4日、九州南部が梅雨入りしたとみられると発表した。平年より5日早く、昨年より12日早い。鹿児島市では朝から雨が降り続き、' +
  '気象台によると今後1週間は前線の影響で曇りや雨の日が多くなる見込み。九州南部では先月下旬から雨の多い状態が続いており、' +
  '土砂災害への注意が呼びかけられている。県は農業用ため池の点検を急ぐよう市町村に通知した。';

export function wireCases(): LabelledPair[] {
  // ---- Earthquake (AP) at four outlets, and three stories a reader keeps apart from it
  const quakeAp = article('ap-world', '2026-05-04T10:05:00Z', {
    url: 'https://apnews.example/article/peru-earthquake-arequipa-8f3b2c1d',
    title: 'Strong earthquake shakes southern Peru, damaging homes and cutting power',
    text: QUAKE,
  });
  const quakeRegional = copy(quakeAp, 'miami-herald-americas', {
    url: 'https://www.miamiherald.example/news/nation-world/world/americas/article286512345.html',
    title: '6.8 quake rocks southern Peru; hundreds of homes damaged',
    text: QUAKE.replace(
      'A magnitude 6.8 earthquake shook southern Peru early Monday',
      'A powerful magnitude 6.8 earthquake rocked southern Peru early Monday',
    )
      .replace(' in the dark', '')
      .replace(/ “The house moved.*$/, ''),
    publishedAt: hoursAfter(quakeAp.publishedAt, 1.5),
  });
  const quakeYahoo = copy(quakeAp, 'yahoo-news-world', {
    url: 'https://news.yahoo.example/strong-earthquake-shakes-southern-peru-101502337.html',
    text: `FRANKLIN BRICEÑO and REGINA GARCIA CANO Associated Press ${QUAKE}`,
    publishedAt: hoursAfter(quakeAp.publishedAt, 0.3),
  });
  const quakeExcerpt = copy(quakeAp, 'world-news-headlines', {
    url: 'https://headlines.example.net/go/7731942',
    title: 'Strong earthquake shakes southern Peru, damaging homes and cutting power - AP',
    text: excerpt(QUAKE, 42),
    publishedAt: hoursAfter(quakeAp.publishedAt, 0.8),
  });
  const quakeFollowUp = article('ap-world', '2026-05-05T14:20:00Z', {
    url: 'https://apnews.example/article/peru-earthquake-death-toll-2a9c4e7f',
    title: 'Death toll rises to 3 after earthquake in southern Peru; emergency declared',
    text:
      'LIMA, Peru (AP) — Rescuers in southern Peru recovered the bodies of three people from collapsed homes on Tuesday, a day after a magnitude 6.8 ' +
      'earthquake shook the Arequipa region, and the government declared a state of emergency in 12 districts. Peru’s civil defense institute said ' +
      'more than 1,400 homes were damaged or destroyed, most of them built of adobe, and that about 5,000 people had spent the night in tents. ' +
      'The U.S. Geological Survey said Monday’s quake struck at a depth of 38 kilometers (24 miles), about 60 kilometers (37 miles) northwest of the ' +
      'town of Camaná. Peru sits on the Pacific “Ring of Fire,” an arc of volcanoes and fault lines circling the Pacific Basin.',
  });
  const quakeAfp = article('france24-americas', '2026-05-04T11:40:00Z', {
    url: 'https://www.france24.example/en/americas/20260504-quake-of-magnitude-6-8-hits-southern-peru',
    title: 'Quake of magnitude 6.8 hits southern Peru, injuring four',
    text:
      'A magnitude 6.8 earthquake struck southern Peru before dawn on Monday, injuring at least four people and damaging homes in the Arequipa ' +
      'region, officials said. The quake hit at 3:42 am (0842 GMT) at a depth of 38 kilometres, the US Geological Survey said, with its epicentre ' +
      'near the coastal town of Camana. "There was panic, people ran into the street," the mayor of Camana told RPP radio. Peru’s civil defence ' +
      'institute said it was still gathering reports from mountain villages where telephone lines were down. Peru is part of the Pacific Ring of ' +
      'Fire, where tectonic plates collide and earthquakes are frequent.',
  });
  const chileQuake = article('ap-world', '2026-05-06T08:30:00Z', {
    url: 'https://apnews.example/article/chile-earthquake-antofagasta-5d1e9b3a',
    title: 'Strong earthquake shakes northern Chile; no major damage reported',
    text:
      'SANTIAGO, Chile (AP) — A magnitude 6.1 earthquake shook northern Chile early Wednesday, rattling buildings in the port city of Antofagasta ' +
      'and briefly cutting power to several neighborhoods, authorities said. The U.S. Geological Survey said the quake struck at 5:10 a.m. local ' +
      'time at a depth of 52 kilometers (32 miles), about 40 kilometers (25 miles) north of Antofagasta. Chile’s disaster agency said there were no ' +
      'immediate reports of injuries or serious damage and that no tsunami warning was issued. Chile sits on the Pacific “Ring of Fire,” an arc of ' +
      'volcanoes and fault lines circling the Pacific Basin where most of the world’s earthquakes occur.',
  });

  // ---- Fed decision (Reuters) at three outlets; AP's own story and a next-day market story apart
  const fedReuters = article('reuters-business', '2026-05-06T18:45:00Z', {
    url: 'https://www.reuters.example/markets/us/fed-holds-rates-steady-signals-patience-2026-05-06/',
    title: 'Fed holds rates steady, signals patience as inflation cools slowly',
    text: FED,
  });
  const fedYahoo = copy(fedReuters, 'yahoo-finance', {
    url: 'https://finance.yahoo.example/news/fed-holds-rates-steady-signals-184512345.html',
    title: 'Fed holds rates steady, signals patience as inflation cools slowly',
    text: FED.replace('WASHINGTON, May 6 (Reuters) -', 'WASHINGTON (Reuters) -'),
    publishedAt: hoursAfter(fedReuters.publishedAt, 0.2),
  });
  const fedEdited = copy(fedReuters, 'business-daily', {
    url: 'https://businessdaily.example/economy/federal-reserve-keeps-rates-unchanged',
    title: 'Federal Reserve keeps rates unchanged, says it needs more confidence on inflation',
    text:
      'The Federal Reserve left its benchmark interest rate unchanged on Wednesday, saying it still needs "greater confidence" that inflation is ' +
      'heading back to 2% before it lowers borrowing costs. ' +
      FED.slice(FED.indexOf('The U.S. central bank kept')),
    publishedAt: hoursAfter(fedReuters.publishedAt, 2),
  });
  const fedAp = article('ap-business', '2026-05-06T19:02:00Z', {
    url: 'https://apnews.example/article/federal-reserve-interest-rates-inflation-7b2d9e4c',
    title: 'Fed leaves key rate unchanged for third straight meeting as it waits for clearer inflation picture',
    text:
      'WASHINGTON (AP) — The Federal Reserve kept its key interest rate unchanged Wednesday for a third straight meeting, signaling that it is in no ' +
      'hurry to cut rates until it sees more evidence that inflation is steadily cooling. The Fed’s benchmark rate remains at about 4.3%. ' +
      '"The economy is strong overall, and we are well positioned to wait for more clarity," the Fed chair said at a news conference. Many ' +
      'economists expect the central bank to cut rates at least twice later this year, once tariff-driven price increases fade. Stock prices ' +
      'rose modestly after the decision was announced.',
  });
  const marketsNextDay = article('reuters-business', '2026-05-07T20:30:00Z', {
    url: 'https://www.reuters.example/markets/us/wall-st-ends-higher-fed-2026-05-07/',
    title: 'Wall St ends higher as investors weigh Fed outlook',
    text:
      'NEW YORK, May 7 (Reuters) - U.S. stocks closed higher on Thursday as investors digested the Federal Reserve’s decision to hold interest ' +
      'rates steady and its signal that it would need "greater confidence" on inflation before cutting. The Dow Jones Industrial Average rose 0.6%, ' +
      'the S&P 500 gained 0.8% and the Nasdaq Composite added 1.1%. Technology shares led the advance after strong results from two chipmakers. ' +
      'Treasury yields edged lower.',
  });

  // ---- Wildfire (AP) at three local stations with their own headlines
  const fireAp = article('ap-us-news', '2026-05-09T23:10:00Z', {
    url: 'https://apnews.example/article/arizona-wildfire-flagstaff-evacuations-1c8e5a2b',
    title: 'Wind-driven wildfire forces evacuation of 2,000 homes near Flagstaff',
    text: WILDFIRE,
  });
  const fireStationA = copy(fireAp, 'ktar-news', {
    url: 'https://ktar.example/story/5512873/wildfire-flagstaff-evacuations/',
    title: 'Thousands evacuated as wildfire spreads north of Flagstaff',
    text: WILDFIRE.replace('FLAGSTAFF, Ariz. (AP) — ', 'FLAGSTAFF — '),
    publishedAt: hoursAfter(fireAp.publishedAt, 0.5),
  });
  const fireStationB = copy(fireAp, 'azfamily', {
    url: 'https://www.azfamily.example/2026/05/10/wildfire-grows-4000-acres-forcing-evacuations/',
    title: 'Northern Arizona wildfire grows to 4,000 acres, forcing evacuations',
    text: WILDFIRE.replace(
      'No injuries had been reported by Saturday evening, and it was not clear whether any homes had burned. ',
      'No injuries had been reported by Saturday evening. Arizona’s Family has a crew at the scene and will update this story. ',
    ),
    publishedAt: hoursAfter(fireAp.publishedAt, 1),
  });
  const fireNextDay = article('ap-us-news', '2026-05-11T01:30:00Z', {
    url: 'https://apnews.example/article/arizona-wildfire-flagstaff-containment-6f0a3d9e',
    title: 'Crews gain ground on Flagstaff wildfire as some evacuees return home',
    text:
      'FLAGSTAFF, Ariz. (AP) — Firefighters took advantage of calmer winds on Sunday to build containment lines around a wildfire on the northern ' +
      'edge of Flagstaff, and officials allowed residents of two subdivisions to return home. The fire, which forced the evacuation of about ' +
      '2,000 homes on Saturday, was 20% contained and had burned about 4,300 acres (1,740 hectares). Officials said one home and several sheds ' +
      'were destroyed. The cause of the fire was under investigation.',
  });

  // ---- Hockey (AP recap) at two outlets; the next game's recap apart
  const hockeyAp = article('ap-sports', '2026-05-08T02:55:00Z', {
    url: 'https://apnews.example/article/rangers-bruins-game-4-score-3e7b1f0c',
    title: 'Kreider scores in OT as Rangers top Bruins 3-2 to even series',
    text: HOCKEY,
  });
  const hockeyEspn = copy(hockeyAp, 'espn-nhl', {
    url: 'https://www.espn.example/nhl/recap/_/gameId/401612345',
    title: 'Rangers beat Bruins 3-2 in overtime to even series',
    text: HOCKEY.replace('BOSTON (AP) — ', '— '),
    publishedAt: hoursAfter(hockeyAp.publishedAt, 0.4),
  });
  const hockeyGame5 = article('espn-nhl', '2026-05-10T02:40:00Z', {
    url: 'https://www.espn.example/nhl/recap/_/gameId/401612346',
    title: 'Rangers beat Bruins 4-1 to take 3-2 series lead',
    text:
      '— Artemi Panarin scored twice and the New York Rangers beat the Boston Bruins 4-1 on Saturday night to take a 3-2 lead in their second-round ' +
      'playoff series. Igor Shesterkin made 28 saves, and Chris Kreider and Mika Zibanejad also scored for New York, which can close out the series ' +
      'in Boston on Monday night. David Pastrnak scored for the Bruins, who have lost two straight after taking a 2-1 lead in the series. Game 6 is Monday in Boston.',
  });

  // ---- A university's press release at three science sites
  const swiftsRelease = article('eurekalert-biology', '2026-05-04T12:00:00Z', {
    url: 'https://www.eurekalert.example/news-releases/1043312',
    title: 'Swifts sleep on the wing, tracking study shows',
    text: SWIFTS_RELEASE,
  });
  const swiftsDaily = copy(swiftsRelease, 'sciencedaily-animals', {
    url: 'https://www.sciencedaily.example/releases/2026/05/260504121314.htm',
    title: 'How swifts sleep in flight',
    text: SWIFTS_RELEASE.replace('a new study shows how they manage to sleep', 'a new study reveals how they manage to get some sleep'),
    publishedAt: hoursAfter(swiftsRelease.publishedAt, 9),
  });
  const swiftsPhys = copy(swiftsRelease, 'phys-org-plants-animals', {
    url: 'https://phys.example/news/2026-05-swifts-wing.html',
    title: 'Common swifts nap in flight during ten-month journeys',
    text: `by University of Northmoor ${SWIFTS_RELEASE}`,
    publishedAt: hoursAfter(swiftsRelease.publishedAt, 20),
  });
  const swiftsNews = article('nytimes-science', '2026-05-04T09:00:00Z', {
    url: 'https://www.nytimes.example/2026/05/04/science/swifts-sleep-flight.html',
    title: 'Swifts Sleep on the Wing, and Now We Know How',
    text:
      'For years, ornithologists suspected that common swifts, which can stay aloft for ten months without touching down, must somehow sleep in ' +
      'the air. Now a team in northern England has caught them at it. By strapping featherweight loggers to 19 birds, the researchers found that ' +
      'swifts spiral up to about 3,000 metres at dusk and dawn and then drift downward, barely beating their wings, for several minutes at a time. ' +
      '“It’s the closest thing to a nap you can take at that altitude,” said Dr. Hanna Lindqvist, who led the study.',
  });

  // ---- A press release at three sites; the company's next release (same boilerplate opening) apart
  const fundingWire = article('prnewswire-tech', '2026-05-05T12:00:00Z', {
    url: 'https://www.prnewswire.example/news-releases/acme-robotics-raises-85-million-series-c-302134567.html',
    title: 'Acme Robotics Raises $85 Million Series C to Scale Warehouse Automation',
    text: FUNDING,
  });
  const fundingYahoo = copy(fundingWire, 'yahoo-finance', {
    url: 'https://finance.yahoo.example/news/acme-robotics-raises-85-million-120000123.html',
    publishedAt: hoursAfter(fundingWire.publishedAt, 0.1),
  });
  const fundingTrade = copy(fundingWire, 'robotics-trade-news', {
    url: 'https://www.roboticstrade.example/news/acme-robotics-series-c',
    title: 'Acme Robotics closes $85M Series C',
    text: FUNDING.replace('PITTSBURGH, May 5, 2026 /PRNewswire/ -- ', ''),
    publishedAt: hoursAfter(fundingWire.publishedAt, 26),
  });
  const acmeHub = article('prnewswire-tech', '2026-05-07T12:00:00Z', {
    url: 'https://www.prnewswire.example/news-releases/acme-robotics-opens-rotterdam-service-hub-302136789.html',
    title: 'Acme Robotics Opens Rotterdam Service Hub to Support European Customers',
    text:
      'ROTTERDAM, Netherlands, May 7, 2026 /PRNewswire/ -- Acme Robotics, a leading provider of autonomous mobile robots for warehouses and ' +
      'distribution centers, today announced the opening of a service hub in Rotterdam that will stock spare parts and train technicians for ' +
      'customers across Europe. The 4,000-square-metre site near the port will employ 35 people by the end of the year. "European customers ' +
      'asked us for engineers in their time zone," said Pieter de Vries, who will lead the hub.',
  });

  // ---- dpa in German at two outlets; dpa's story on the strike's end apart
  const bahnZeit = article('zeit-news', '2026-05-05T09:12:00Z', {
    url: 'https://www.zeit.example/news/2026-05/05/gdl-kuendigt-neuen-bahnstreik-an',
    title: 'GDL kündigt neuen Bahnstreik an',
    text: BAHN,
  });
  const bahnSz = copy(bahnZeit, 'sueddeutsche-wirtschaft', {
    url: 'https://www.sueddeutsche.example/wirtschaft/bahn-streik-gdl-donnerstag-freitag-dpa.urn-newsml-dpa-com-20090101-260505-99-123456',
    title: 'Bahn: GDL ruft zu Streik am Donnerstag und Freitag auf',
    text: BAHN.replace('Berlin (dpa) - ', '').replace(
      ' Die Tarifverhandlungen waren in der vergangenen Woche ohne Ergebnis abgebrochen worden.',
      '',
    ),
    publishedAt: hoursAfter(bahnZeit.publishedAt, 0.7),
  });
  const bahnEnd = article('zeit-news', '2026-05-08T16:40:00Z', {
    url: 'https://www.zeit.example/news/2026-05/08/bahnstreik-beendet-zuege-rollen-wieder',
    title: 'Bahnstreik beendet - Züge rollen wieder',
    text:
      'Berlin (dpa) - Nach dem zweitägigen Streik der Lokführergewerkschaft GDL läuft der Zugverkehr der Deutschen Bahn wieder an. Im Fernverkehr ' +
      'seien am Samstagmorgen rund 80 Prozent der Züge planmäßig unterwegs, teilte der Konzern mit. Im Regionalverkehr könne es noch ' +
      'vereinzelt zu Ausfällen kommen. Die Gewerkschaft kündigte an, vorerst nicht erneut zu streiken, und forderte die Bahn zu neuen ' +
      'Verhandlungen auf.',
  });

  // ---- Kyodo-style Japanese copy at two outlets; the next region's identical template apart
  const tsuyuA = article('kyodo-japan', '2026-05-04T02:30:00Z', {
    url: 'https://www.kyodo.example/news/2026/05/a1b2c3d4e5f6.html',
    title: '九州南部が梅雨入り 平年より5日早く',
    text: TSUYU,
  });
  const tsuyuB = copy(tsuyuA, 'nishinippon-news', {
    url: 'https://www.nishinippon.example/item/n/1123456/',
    title: '九州南部で梅雨入り、昨年より12日早く　気象庁',
    text: TSUYU.replace('県は農業用ため池の点検を急ぐよう市町村に通知した。', ''),
    publishedAt: hoursAfter(tsuyuA.publishedAt, 1),
  });
  const tsuyuShikoku = article('kyodo-japan', '2026-05-06T02:30:00Z', {
    url: 'https://www.kyodo.example/news/2026/05/f6e5d4c3b2a1.html',
    title: '四国が梅雨入り 平年より1日早く',
    text:
      '気象庁は6日、四国が梅雨入りしたとみられると発表した。平年より1日早く、昨年より10日早い。高松市では昼前から雨が強まり、' +
      '気象台によると今後1週間は前線や湿った空気の影響で雨の降る日が多くなる見込み。四国では今年、春先から降水量が少なく、' +
      '早明浦ダムの貯水率は平年を下回っている。',
  });

  return [
    ...allPairs(
      'text-wire',
      'text',
      [quakeAp, quakeRegional, quakeYahoo, quakeExcerpt],
      'One AP story at four outlets: a rewritten lede and a cut ending, a byline in front, an excerpt.',
    ),
    same(
      'text-wire-rewritten-lede',
      'text',
      quakeAp,
      copy(quakeAp, 'peru-english-news', {
        url: 'https://www.peruenglish.example/2026/05/04/arequipa-earthquake/',
        title: 'Arequipa earthquake: what we know',
        text:
          'Residents of Arequipa were woken before dawn on Monday by a strong earthquake that damaged hundreds of homes and left several towns ' +
          'without electricity. According to the Associated Press, ' +
          QUAKE.slice(QUAKE.indexOf('The U.S. Geological Survey said')),
        publishedAt: hoursAfter(quakeAp.publishedAt, 3),
      }),
      'An English-language local site rewrote the first paragraph in its own words and kept the rest of the AP story: a copy with a new lede.',
    ),
    apart(
      'follow-up',
      quakeAp,
      copy(quakeFollowUp, 'miami-herald-americas', {}),
      'The next day’s story on the death toll, reusing background paragraphs: a follow-up.',
    ),
    apart('follow-up', quakeYahoo, quakeFollowUp, 'The next day’s story on the death toll, reusing background paragraphs: a follow-up.'),
    apart('same-event-independent', quakeAp, quakeAfp, 'AFP’s own report of the same quake: same facts and figures, other sentences.'),
    apart(
      'same-template',
      quakeRegional,
      copy(chileQuake, 'miami-herald-americas-2', {}),
      'AP’s story on another quake two days later, written on the same template.',
    ),
    apart(
      'same-template',
      quakeYahoo,
      copy(chileQuake, 'yahoo-news-world-2', {}),
      'AP’s story on another quake two days later, written on the same template.',
    ),

    ...allPairs('text-wire', 'text', [fedReuters, fedYahoo, fedEdited], 'One Reuters story at three outlets, one with its lede rewritten.'),
    apart('same-event-independent', fedReuters, fedAp, 'AP’s own story on the same decision, quoting the same sentence.'),
    apart(
      'same-event-independent',
      fedEdited,
      copy(fedAp, 'ap-business-2', {}),
      'AP’s own story on the same decision, quoting the same sentence.',
    ),
    apart('follow-up', fedYahoo, copy(marketsNextDay, 'reuters-markets', {}), 'The next day’s market story, quoting the decision.'),

    ...allPairs(
      'text-wire',
      'text',
      [fireAp, fireStationA, fireStationB],
      'One AP story at local stations with their own headlines, a dateline trimmed, a sentence swapped.',
    ),
    same(
      'text-wire-local-lede',
      'text',
      fireAp,
      copy(fireAp, 'sedona-red-rock-news', {
        url: 'https://www.redrocknews.example/2026/05/10/flagstaff-fire-evacuations/',
        title: 'Flagstaff fire: Sedona crews sent north as 2,000 homes evacuated',
        text:
          'Two engines from the Sedona Fire District were sent to help on Saturday afternoon, the district said, and Sedona residents should ' +
          'expect smoke overnight. ' +
          WILDFIRE,
        publishedAt: hoursAfter(fireAp.publishedAt, 2),
      }),
      'A local paper put its own paragraph in front of the AP story.',
    ),
    same(
      'text-wire-trimmed',
      'text',
      fedReuters,
      copy(fedReuters, 'markets-brief', {
        url: 'https://marketsbrief.example/2026/05/06/fed-decision',
        title: 'Fed on hold',
        text: FED.slice(0, FED.indexOf(' "The economy is strong')),
        publishedAt: hoursAfter(fedReuters.publishedAt, 0.5),
      }),
      'A briefing site kept the first two paragraphs of the Reuters story under its own headline.',
    ),
    apart(
      'follow-up',
      quakeAp,
      article('guardian-live', '2026-05-04T12:00:00Z', {
        url: 'https://www.theguardian.example/world/live/2026/may/04/peru-earthquake-arequipa-live-updates',
        title: 'Peru earthquake: live updates',
        text:
          '12.55 BST: Peru’s president says he will travel to Arequipa this afternoon. 12.40 BST: Here is the Associated Press’s summary of what ' +
          'we know so far: A magnitude 6.8 earthquake shook southern Peru early Monday, damaging hundreds of adobe homes in the Arequipa region, ' +
          'cutting power to several towns and sending residents running into the streets in the dark, authorities said. 12.20 BST: Our ' +
          'correspondent in Lima reports that phone lines to several mountain villages are still down.',
      }),
      'A live blog that quotes the wire story among its own updates: another kind of article about the event.',
    ),
    apart('follow-up', fireStationA, fireNextDay, 'The next day’s story on containment: a follow-up.'),

    ...allPairs('text-wire', 'text', [hockeyAp, hockeyEspn], 'One AP recap with two headlines.'),
    apart(
      'same-template',
      hockeyAp,
      copy(hockeyGame5, 'espn-nhl-2', {}),
      'The recap of the next game two days later, on the same template.',
    ),

    ...allPairs(
      'text-syndicated',
      'text',
      [swiftsRelease, swiftsDaily, swiftsPhys],
      'One press release at three science sites under three headlines.',
    ),
    apart('same-event-independent', swiftsRelease, swiftsNews, 'A newspaper’s own article on the same study.'),

    ...allPairs(
      'text-syndicated',
      'text',
      [fundingWire, fundingYahoo, fundingTrade],
      'One press release on the wire, a portal and a trade site (a day later, without dateline).',
    ),
    apart(
      'same-template',
      fundingWire,
      copy(acmeHub, 'yahoo-finance-2', {}),
      'The company’s next release, opening with the same boilerplate sentence.',
    ),
    apart(
      'same-template',
      fundingTrade,
      copy(acmeHub, 'prnewswire-tech-2', {}),
      'The company’s next release, opening with the same boilerplate sentence.',
    ),

    ...allPairs('text-wire', 'text', [bahnZeit, bahnSz], 'One dpa story in German at two papers, one without dateline or last sentence.'),
    apart('follow-up', bahnSz, bahnEnd, 'dpa’s story on the end of the strike: a follow-up.'),

    ...allPairs('text-wire', 'text', [tsuyuA, tsuyuB], 'One agency story in Japanese at two outlets, one without its last sentence.'),
    apart(
      'same-template',
      tsuyuB,
      copy(tsuyuShikoku, 'kyodo-japan-2', {}),
      'The same agency’s story on the next region two days later, on the same template.',
    ),
  ];
}
