import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, RichTextView } from '@/components/rich-text/rich-text-view';

describe('RichTextView', () => {
  it('keeps the formatting the editor makes', () => {
    render(<RichTextView html="<p><strong>жирный</strong> <u>подчеркнутый</u> <s>зачеркнутый</s></p>" />);
    const box = screen.getByTestId('rich-text');
    expect(box.innerHTML).toBe('<p><strong>жирный</strong> <u>подчеркнутый</u> <s>зачеркнутый</s></p>');
  });

  it('drops scripts, handlers and unsafe sources even if the cache holds them', () => {
    render(
      <RichTextView
        html={
          '<p onclick="alert(1)">текст<script>alert(2)</script></p>' +
          '<img src="javascript:alert(3)"><img src="https://example.ru/a.png">' +
          '<a href="javascript:alert(4)">ссылка</a>'
        }
      />,
    );
    const box = screen.getByTestId('rich-text');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('[onclick]')).toBeNull();
    const images = box.querySelectorAll('img');
    expect(images[0].getAttribute('src')).toBeNull();
    expect(images[1].getAttribute('src')).toBe('https://example.ru/a.png');
    expect(box.querySelector('a')?.getAttribute('href')).toBeNull();
  });

  it('shows nothing for an empty editor', () => {
    const { container } = render(<RichTextView html="<p><br></p>" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('isRichTextEmpty', () => {
  it('sees text and media, not empty markup', () => {
    expect(isRichTextEmpty('')).toBe(true);
    expect(isRichTextEmpty('<p><br></p><p>&nbsp;</p>')).toBe(true);
    expect(isRichTextEmpty('<p>а</p>')).toBe(false);
    expect(isRichTextEmpty('<p><img src="https://example.ru/a.png"></p>')).toBe(false);
  });
});
