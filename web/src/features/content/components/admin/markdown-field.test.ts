import { describe, expect, it } from 'vitest';
import { applyWrap, imageMarkdown } from './markdown-field';

describe('the Markdown toolbar', () => {
  it('wraps the selection and selects the wrapped text', () => {
    expect(applyWrap('make this bold', 5, 9, { before: '**', after: '**', empty: 'bold text' })).toEqual({
      value: 'make **this** bold',
      selection: [7, 11],
    });
  });

  it('writes a placeholder where nothing is selected, ready to type over', () => {
    const next = applyWrap('See ', 4, 4, { before: '[', after: '](https://)', empty: 'link text' });
    expect(next.value).toBe('See [link text](https://)');
    expect(next.value.slice(...next.selection)).toBe('link text');
  });
});

describe('an uploaded image in the text', () => {
  it('is Markdown with the file name as its alt text, brackets removed', () => {
    expect(imageMarkdown('rack [front].photo.png', '/objects/abc')).toBe('![rack front.photo](/objects/abc)');
    expect(imageMarkdown('diagram', '/objects/x')).toBe('![diagram](/objects/x)');
  });
});
