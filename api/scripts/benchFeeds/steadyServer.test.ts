import { describe, expect, it } from 'vitest';
import { steadyFeedCount } from './steadyState.ts';
import { createHostCounter, steadyFeedXml } from './steadyServer.ts';

describe('the steady-state benchmark', () => {
  it('counts the most requests one host had in flight at once, window by window', () => {
    const counter = createHostCounter();
    counter.start('127.0.0.2');
    counter.start('127.0.0.3');
    counter.start('127.0.0.2');
    counter.end('127.0.0.2');
    expect(counter.takePeak()).toBe(2);
    // The next window starts from what is still in flight: one request at each host.
    expect(counter.takePeak()).toBe(1);
    counter.end('127.0.0.2');
    counter.end('127.0.0.3');
    expect(counter.takePeak()).toBe(1);
    expect(counter.takePeak()).toBe(0);
  });

  it('serves a feed’s newest three items, none before its first version', () => {
    const guids = (xml: string) => [...xml.matchAll(/<guid>([^<]+)<\/guid>/g)].map((match) => match[1]);
    expect(guids(steadyFeedXml(7, 0))).toEqual([]);
    expect(guids(steadyFeedXml(7, 2))).toEqual(['steady-7-2', 'steady-7-1']);
    expect(guids(steadyFeedXml(7, 5))).toEqual(['steady-7-5', 'steady-7-4', 'steady-7-3']);
  });

  it('takes a whole number of feeds and refuses anything else', () => {
    expect(steadyFeedCount('100000')).toBe(100_000);
    for (const bad of [undefined, '', '0', '-5', '2.5', 'many']) expect(() => steadyFeedCount(bad)).toThrow(/--feeds needs a whole number/);
  });
});
