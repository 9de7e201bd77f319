import { describe, expect, test } from 'vitest';
import { kindOf, numericLeaves, valueProblem, wordsOf } from '../../suites/dialer/resources/statistics.ts';

/** How DIALER-STATS-VALUES reads the numbers of a statistics body whatever their names. */
describe('statistics values, read by kind', () => {
  test('member names split into words at camelCase, underscores, hyphens and spaces', () => {
    expect(wordsOf('answerRate')).toEqual(['answer', 'rate']);
    expect(wordsOf('answer_rate')).toEqual(['answer', 'rate']);
    expect(wordsOf('HTTPRatio')).toEqual(['http', 'ratio']);
    expect(wordsOf('durations')).toEqual(['durations']);
  });

  test('a rate by its own name or the member holding it; an identifier by its own name; the rest counts or durations', () => {
    expect(kindOf(['rates', 'answer'])).toBe('rate');
    expect(kindOf(['answerRate'])).toBe('rate');
    expect(kindOf(['rates', 0])).toBe('rate');
    expect(kindOf(['conversion_percent'])).toBe('rate');
    // "duration" holds the letters of "ratio" but not the word.
    expect(kindOf(['durations', 'averageSeconds'])).toBe('count or duration');
    expect(kindOf(['byDisposition', 0, 'tagId'])).toBe('identifier');
    expect(kindOf(['funnel', 'converted'])).toBe('count or duration');
    expect(kindOf(['ratesByDay', 'monday', 'answer'])).toBe('count or duration');
    // A number the spec names nowhere (a trend, an offset) may be negative: it is not read as a figure.
    expect(kindOf(['trend'])).toBe('unnamed');
    expect(kindOf(['window', 'utcOffsetMinutes'])).toBe('unnamed');
    expect(kindOf(['durations', 'averageSeconds'])).toBe('count or duration');
    expect(kindOf(['window', 'utcOffset'])).toBe('unnamed');
    // Nor is a number held by a figure whose own name says it is something else: a trend of the figure, signed.
    expect(kindOf(['calls', 'changePercent'])).toBe('unnamed');
    expect(kindOf(['calls', 'trend'])).toBe('unnamed');
    expect(kindOf(['rates', 'answerDelta'])).toBe('unnamed');
    // A name of a part or a measure alone is the figure its holder names.
    expect(kindOf(['contacts', 'reached'])).toBe('count or duration');
    expect(kindOf(['durations', 'longestSeconds'])).toBe('count or duration');
    expect(kindOf(['byDisposition', 0, 'value'])).toBe('count or duration');
  });

  test('counts below zero, rates beyond 100 and non-finite numbers are problems; fractions and percents are both rates in range', () => {
    expect(valueProblem({ funnel: { total: 3, converted: 0 }, answerRate: 0.5, conversionRate: 40, talkTime: { total: 12.5 } })).toEqual({
      numbers: 5,
      rates: 2,
      unnamed: [],
    });
    expect(valueProblem({ funnel: { converted: -1 } }).problem).toMatch(/^funnel\.converted is -1/);
    expect(valueProblem({ rates: { answer: 250 } }).problem).toMatch(/^rates\.answer is 250/);
    expect(valueProblem({ rates: { answer: 1.5 } }).problem).toBeUndefined();
    expect(valueProblem({ calls: Number.POSITIVE_INFINITY }).problem).toMatch(/not a finite number/);
    expect(valueProblem({ campaignId: -7, label: 'x', on: true, none: null }).problem).toBeUndefined();
    expect(valueProblem({ trend: -3, calls: { dialed: 4 } })).toEqual({ numbers: 2, rates: 0, unnamed: ['trend'] });
    expect(valueProblem({ calls: { dialed: 4, changePercent: -12 }, rates: { answer: 0.5, answerChangePercent: -3 } })).toEqual({
      numbers: 4,
      rates: 1,
      unnamed: ['calls.changePercent', 'rates.answerChangePercent'],
    });
    expect(valueProblem({ calls: { dialed: 4, total: -1 } }).problem).toMatch(/^calls\.total is -1/);
  });

  test('numbers are found by their path, through arrays', () => {
    expect(numericLeaves({ a: [1, { b: 2 }], c: 'x' })).toEqual([
      { path: ['a', 0], value: 1 },
      { path: ['a', 1, 'b'], value: 2 },
    ]);
  });
});
