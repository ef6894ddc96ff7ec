import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich';

describe('richText', () => {
  it('puts the words between each tag pair into its part, in the order the language has them', () => {
    const { container } = render(<p>{richText('Lisez <1>ceci</1> puis <0>cela</0>.', [<a href="/a" />, <b />])}</p>);
    expect(container.innerHTML).toBe('<p>Lisez <b>ceci</b> puis <a href="/a">cela</a>.</p>');
  });

  it('keeps the words of a tag without a part, and text without tags as it is', () => {
    expect(richText('No <3>part</3> here', [])).toEqual(['No ', 'part', ' here']);
    expect(richText('Plain', [])).toEqual(['Plain']);
  });
});
