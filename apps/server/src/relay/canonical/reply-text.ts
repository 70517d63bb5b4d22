// The completion text a stream is billed by when its upstream reports no usage, kept bounded
// (issue 27, point 9): the tokenizer counts a reply's first EXACT_BUDGET characters exactly and
// extrapolates the rest from their length, so only that head is kept, and of the rest its
// length. 200 unread streams no longer keep 200 whole replies.
import { KEPT_HEAD } from '../tokenizer';

export class ReplyText {
  private kept = '';
  private restChars = 0;
  private restBytes = 0;

  /** A reply's whole text (non-stream replies, tests). */
  static of(text: string): ReplyText {
    const reply = new ReplyText();
    reply.add(text);
    return reply;
  }

  add(piece: string): void {
    if (piece.length === 0) return;
    const room = KEPT_HEAD - this.kept.length;
    if (piece.length <= room) {
      this.kept += piece;
      return;
    }
    const rest = room > 0 ? piece.slice(room) : piece;
    if (room > 0) this.kept += piece.slice(0, room);
    this.restChars += rest.length;
    this.restBytes += Buffer.byteLength(rest);
  }

  /** The first KEPT_HEAD characters, all the tokenizer reads exactly. */
  get head(): string {
    return this.kept;
  }

  /** Characters beyond the head. */
  get beyondHead(): number {
    return this.restChars;
  }

  /** UTF-8 bytes of the whole text (what a crashed stream is billed by). */
  get bytes(): number {
    return Buffer.byteLength(this.kept) + this.restBytes;
  }
}
