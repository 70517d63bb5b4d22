// The text a stream keeps for its bill (issue 27, point 9): the tokenizer's head and the length of
// the rest, whatever the reply's size.
import { describe, expect, it } from 'vitest';
import { ReplyText } from '../../src/relay/canonical/reply-text';
import { KEPT_HEAD } from '../../src/relay/tokenizer';

describe('ReplyText', () => {
  it('keeps a short reply whole', () => {
    const text = new ReplyText();
    text.add('Hello ');
    text.add('wörld');
    expect(text.head).toBe('Hello wörld');
    expect(text.beyondHead).toBe(0);
    expect(text.bytes).toBe(Buffer.byteLength('Hello wörld'));
  });

  it('keeps the head of a long reply and only the length of the rest', () => {
    const text = new ReplyText();
    const piece = 'ünïcode words and more words '.repeat(100);
    for (let i = 0; i < 500; i += 1) text.add(piece);
    const whole = piece.repeat(500);
    expect(text.head).toBe(whole.slice(0, KEPT_HEAD));
    expect(text.head.length + text.beyondHead).toBe(whole.length);
    expect(text.bytes).toBe(Buffer.byteLength(whole));
  });
});
