import { describe, expect, it } from 'vitest';

import { initialMemberPassword } from './credentials.ts';

describe('initialMemberPassword: first 4 letters of the name + last 4 digits of the mobile', () => {
  it.each([
    ['Thomas Mathew', '919847012345', 'Thom2345'],
    ['K. Thomas', '919847012345', 'KTho2345'],
    ['Mary Jose', '919876543210', 'Mary3210'],
    ['Jo', '919847012345', 'Jo2345'],
    ['A B C D E', '919847000001', 'ABCD0001'],
    ['anna', '91 98470 12345', 'anna2345'],
  ])('%j with %s -> %s', (name, mobile, password) => {
    expect(initialMemberPassword(name, mobile)).toBe(password);
  });

  it('keeps the case of the letters as written', () => {
    expect(initialMemberPassword('JOSEPH', '919847012345')).toBe('JOSE2345');
    expect(initialMemberPassword('joseph', '919847012345')).toBe('jose2345');
  });

  it('keeps each letter of an Indian script with its vowel sign or virama', () => {
    // Malayalam: ജോ (with the vowel sign O), സ, ഫ് (with the virama), മാ.
    expect(initialMemberPassword('ജോസഫ് മാത്യു', '919847012345')).toBe('ജോസഫ്മാ2345');
    // Hindi: रा, जे, श; Tamil: மு, ரு, க, ன்.
    expect(initialMemberPassword('राजेश', '919847012345')).toBe('राजेश2345');
    expect(initialMemberPassword('முருகன்', '919847012345')).toBe('முருகன்2345');
    // The decomposed spelling of a vowel sign (NFD) gives the same password.
    expect(initialMemberPassword('ജോസഫ്'.normalize('NFD'), '919847012345')).toBe('ജോസഫ്2345');
  });

  it('is the same for a 10-digit and the 12-digit form of the number', () => {
    expect(initialMemberPassword('Thomas', '9847012345')).toBe(initialMemberPassword('Thomas', '919847012345'));
  });
});
