// Cases written after the rules' parameters were fixed, as a check on cases the parameters were not chosen with
// (their first result is in the bench's header). Templates that open different stories with the same words, and
// copies edited in ways the other cases do not show.
import { apart, article, copy, excerpt, hoursAfter, same, type LabelledPair } from './pairKit.ts';

const OBITUARY = (name: string, age: number, town: string, date: string, life: string) =>
  `${name}, ${age}, of ${town}, passed away peacefully on ${date}, surrounded by family. Visitation will be held from 4 to 7 p.m. at ` +
  `Hartley & Sons Funeral Home, with a service of remembrance the following morning at 10 a.m. ${life} In lieu of flowers, the family ` +
  'asks that donations be made to the Riverside Hospice. Online condolences may be left at hartleyandsons.example.';

const RECIPE_INTRO =
  'Jump to Recipe. This post may contain affiliate links, which means I may earn a small commission if you buy through them, at no extra ' +
  'cost to you. Please read my disclosure policy. ';

const STORM =
  'OKLAHOMA CITY (AP) — Severe storms spawned at least six tornadoes across central Oklahoma on Tuesday night, destroying homes in two ' +
  'small towns, flipping cars on Interstate 35 and knocking out power to more than 80,000 customers, officials said. No deaths had been ' +
  'reported by early Wednesday, but at least 14 people were treated at hospitals, mostly for cuts and bruises, the state health department ' +
  'said. The National Weather Service said a tornado with winds of up to 150 mph (240 kph) carved a path about 12 miles (19 kilometers) long ' +
  'near the town of Marlow. "It sounded like a freight train, and then the windows went," said Dana Whitfield, who sheltered in a closet with ' +
  'her two children. Forecasters warned of more severe weather across the southern Plains on Wednesday.';

export function lateCases(): LabelledPair[] {
  const stormAp = article('ap-us-news', '2026-05-13T09:30:00Z', {
    url: 'https://apnews.example/article/oklahoma-tornadoes-storms-4b7d2e9a',
    title: 'Tornadoes destroy homes in central Oklahoma; at least 14 hurt',
    text: STORM,
  });
  const firstQuote = STORM.indexOf(' "It sounded like');
  const stormReordered = copy(stormAp, 'oklahoman-news', {
    url: 'https://www.oklahoman.example/story/news/2026/05/13/central-oklahoma-tornadoes-marlow/73711234007/',
    title: '"It sounded like a freight train": tornadoes tear through central Oklahoma',
    text:
      STORM.slice(0, STORM.indexOf(' No deaths')) +
      STORM.slice(firstQuote, STORM.indexOf(' Forecasters')) +
      STORM.slice(STORM.indexOf(' No deaths'), firstQuote),
    publishedAt: hoursAfter(stormAp.publishedAt, 2),
  });
  const pancakes = article('weeknight-kitchen', '2026-05-12T14:00:00Z', {
    url: 'https://weeknightkitchen.example/buttermilk-pancakes/',
    title: 'Fluffy buttermilk pancakes',
    text:
      RECIPE_INTRO +
      'These are the pancakes I make every Saturday: tall, tender and ready in twenty minutes. The secret is to leave the batter lumpy and ' +
      'let it rest for five minutes while the pan heats, so the baking powder gets a head start.',
  });
  return [
    apart(
      'same-template',
      article('hartley-funeral-home', '2026-05-12T15:00:00Z', {
        url: 'https://hartleyandsons.example/obituaries/margaret-ellis',
        title: 'Margaret Ellis',
        text: OBITUARY(
          'Margaret Ellis',
          84,
          'Riverside',
          'May 10, 2026',
          'Margaret taught piano to three generations of Riverside children and never missed a church bake sale.',
        ),
      }),
      article('riverside-courier-obituaries', '2026-05-12T18:00:00Z', {
        url: 'https://www.riversidecourier.example/obituaries/robert-hale/',
        title: 'Robert Hale',
        text: OBITUARY(
          'Robert Hale',
          79,
          'Mill Creek',
          'May 11, 2026',
          'Bob worked for 40 years at the paper mill and coached Little League for most of them.',
        ),
      }),
      'Two obituaries from one funeral home’s template, published the same day in its feed and in the paper’s.',
    ),
    apart(
      'shared-opening',
      pancakes,
      article('crumbs-and-co', '2026-05-12T16:00:00Z', {
        url: 'https://crumbsandco.example/lemon-drizzle-cake/',
        title: 'Easy lemon drizzle cake',
        text:
          RECIPE_INTRO +
          'A lemon drizzle is the cake I bake when someone needs cheering up. It keeps for days, it travels well, and the crunchy sugar topping ' +
          'is the best part, so do not be shy with it.',
      }),
      'Two food blogs whose posts open with the same affiliate disclosure.',
    ),
    same(
      'text-syndicated',
      'text',
      pancakes,
      copy(pancakes, 'recipe-aggregator', {
        url: 'https://recipes.aggregator.example/r/weeknightkitchen/buttermilk-pancakes',
        title: 'Fluffy Buttermilk Pancakes | Weeknight Kitchen',
        text: excerpt(pancakes.text.slice(RECIPE_INTRO.length), 40),
        publishedAt: hoursAfter(pancakes.publishedAt, 6),
      }),
      'A recipe aggregator carries the post’s first sentences without the disclosure.',
    ),
    same('text-wire-reordered', 'text', stormAp, stormReordered, 'A paper moved the wire story’s quote up under its own headline.'),
  ];
}
