import { describe, expect, it } from 'vitest';
import { followUp, seriesInstalments } from './titleGuards.ts';

describe('seriesInstalments', () => {
  it.each([
    ['Weekly links #12', 'Weekly links #13'],
    ['Episode 41: The last COBOL programmers', 'Episode 42: Feeds that last'],
    ['Building a feed reader, part 1: fetching', 'Building a feed reader, part 2: parsing'],
    ['Quill 2.0.1 released', 'Quill 2.0.2 released'],
    ['Morning briefing, May 5', 'Morning briefing, May 6'],
    ['Weather forecast for Thursday, May 7', 'Weather forecast for Friday, May 8'],
    ['Today in History: May 5', 'Today in History: May 6'],
    ['This Week in Rust 601', 'This Week in Rust 602'],
    ['#812', '#813'],
  ])('takes "%s" and "%s" for two instalments', (a, b) => {
    expect(seriesInstalments(a, b)).toBe(true);
  });

  it.each([
    ['Strong earthquake shakes southern Peru, damaging homes', '6.8 quake rocks southern Peru; hundreds of homes damaged'],
    ['Rangers beat Bruins 3-2 in overtime to even series', 'Kreider scores in OT as Rangers top Bruins 3-2 to even series'],
    ['Acme Robotics Raises $85 Million Series C', 'Acme Robotics closes $85M Series C'],
    ['Weekly links #12', 'Weekly links #12'],
    ['3 dead as storm hits coast', '4 dead after storm'],
    ['Update', 'Update'],
  ])('does not take "%s" and "%s" for two instalments', (a, b) => {
    expect(seriesInstalments(a, b)).toBe(false);
  });
});

describe('followUp', () => {
  it.each([
    ['Bridge reopens after repairs', 'Bridge reopens after repairs: update'],
    ['New tram line opens to the airport', 'New tram line opens to the airport (updated)'],
    ['Outage in the eu-west region', 'Outage in the eu-west region: follow-up'],
    ['Library closes for renovation', 'Correction: Library closes for renovation'],
    ['Peru earthquake', 'Peru earthquake: live updates'],
  ])('takes "%s" and "%s" for a story and its follow-up', (a, b) => {
    expect(followUp(a, b)).toBe(true);
    expect(followUp(b, a)).toBe(true);
  });

  it('does not take two titles that both or neither carry a marker for one', () => {
    expect(followUp('Update', 'Update')).toBe(false);
    expect(followUp('Fed holds rates steady', 'Federal Reserve keeps rates unchanged')).toBe(false);
    expect(followUp('Follow the money', 'Follow the money, again')).toBe(false);
  });
});
