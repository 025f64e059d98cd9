import type { TopicArticle } from './findTopics.ts';

/**
 * A week of reading with three known topics (a Mars mission, the football league, battery recycling), wording
 * varied the way different feeds word one story, and three articles about nothing else in the week.
 */
export const FIXTURE_WEEK: TopicArticle[] = [
  { id: 'mars-1', title: 'Rocket lifts off for Mars', text: '<p>The <b>rocket</b> carrying the Mars rover launched from Florida.</p>' },
  {
    id: 'mars-2',
    title: 'Mars rover mission: what to expect',
    text: 'NASA explains how the rover will land on Mars and search for water.',
  },
  {
    id: 'mars-3',
    title: 'Inside the rocket engines of the Mars launch',
    text: 'Engineers describe the rocket engines used for the launch.',
  },
  {
    id: 'mars-4',
    title: 'NASA confirms the rover is on course',
    text: 'The Mars rover mission passed its first course correction, NASA said.',
  },
  {
    id: 'league-1',
    title: 'Late goal wins the league derby',
    text: 'A late goal settled the football derby at the top of the league table.',
  },
  {
    id: 'league-2',
    title: 'League table after the weekend',
    text: 'The football league table: three teams level on points after the derby.',
  },
  {
    id: 'league-3',
    title: 'Striker signs before the football transfer deadline',
    text: 'The league leaders signed a striker to score more goals.',
  },
  { id: 'league-4', title: 'Coach on the title race', text: 'The coach says the league title race is open after the derby goal.' },
  { id: 'battery-1', title: 'Recycling lithium batteries at scale', text: 'A new plant recovers lithium and cobalt from old batteries.' },
  { id: 'battery-2', title: 'Why battery recycling matters', text: 'Recycling battery cells keeps lithium and cobalt out of landfill.' },
  { id: 'battery-3', title: 'Cobalt prices and the recycling boom', text: 'Battery recycling plants push cobalt and lithium prices down.' },
  { id: 'other-1', title: 'A sourdough recipe for beginners', text: 'Flour, water, salt and patience make the bread.' },
  { id: 'other-2', title: 'Ten tips for tidy desks', text: 'Clear your desk at the end of each day.' },
  { id: 'other-3', title: 'The history of the umbrella', text: 'Umbrellas were first used for shade from the sun.' },
];
