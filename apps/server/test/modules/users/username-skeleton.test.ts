// The skeleton's ASCII shortcut: the same entries as Unicode's table, so an ASCII name's skeleton
// is the one the whole table gives.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ASCII_CONFUSABLES, usernameSkeleton } from '../../../src/modules/users/username-skeleton';

const data = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;

describe('usernameSkeleton', () => {
  it('keeps for ASCII exactly the entries of the confusables table', () => {
    const ascii = Object.entries(data).filter(([char]) =>
      [...char].every((c) => c.charCodeAt(0) < 0x80),
    );
    expect([...ASCII_CONFUSABLES.entries()].sort()).toEqual(ascii.sort());
  });

  it('gives ASCII and look-alike names the skeleton of the name they imitate', () => {
    expect(usernameSkeleton('root')).toBe(usernameSkeleton('rօօt'));
    expect(usernameSkeleton('r00t')).toBe(usernameSkeleton('root'));
    expect(usernameSkeleton('admin')).toBe(usernameSkeleton('adrnin'));
    expect(usernameSkeleton('admin')).toBe(usernameSkeleton('admın'));
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('bob'));
  });
});
