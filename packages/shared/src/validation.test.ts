// eslint-disable-next-line no-restricted-imports -- tests run under vitest; the boundary guards the shipped code
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  emailDomain, inviteError, type InviteCheck, isOnlyProtocolPrefix, isValidEmail, isValidProjectUrl, normaliseEmail, projectNameFromUrl, truncateName,
} from './validation.ts';
import { CreateAccessKeyBody } from './schemas/access-keys.ts';
import { CreateProjectBody } from './schemas/projects.ts';

describe('project URL', () => {
  it('accepts http and https URLs with a host', () => {
    for (const url of ['https://shop.example.com', 'http://localhost:3000/path?q=1', '  https://a.b  ']) expect(isValidProjectUrl(url)).toBe(true);
  });
  it('refuses other protocols, hostless and malformed values', () => {
    for (const url of ['ftp://a.example', 'javascript:alert(1)', 'file:///etc/passwd', 'https://', 'shop.example.com', '', 'http//x']) {
      expect(isValidProjectUrl(url)).toBe(false);
    }
  });
  it('stays quiet while only a protocol prefix is typed', () => {
    for (const v of ['', 'h', 'http', 'https:', 'HTTPS://', 'http://']) expect(isOnlyProtocolPrefix(v)).toBe(true);
    for (const v of ['https://a', 'x', 'ftp']) expect(isOnlyProtocolPrefix(v)).toBe(false);
  });
  it('derives the project name from the host, without www', () => {
    expect(projectNameFromUrl('https://www.shop.example.com/x')).toBe('shop.example.com');
    expect(projectNameFromUrl('http://localhost:3000')).toBe('localhost');
    expect(projectNameFromUrl('not a url')).toBe('');
  });
  it('CreateProjectBody uses the spec messages', () => {
    expect(CreateProjectBody.safeParse({ name: 'A', url: 'ftp://x' }).error?.issues[0].message).toBe(MSG.invalidUrl);
    expect(CreateProjectBody.safeParse({ name: '  ', url: 'https://x.example' }).error?.issues[0].message).toBe(MSG.projectNameRequired);
    expect(CreateProjectBody.safeParse({ name: 'n'.repeat(101), url: 'https://x.example' }).error?.issues[0].message).toBe(MSG.projectNameTooLong);
    expect(CreateProjectBody.parse({ name: ' Shop ', url: 'https://x.example' })).toMatchObject({ name: 'Shop', demo: false });
  });
  it('CreateAccessKeyBody requires a token name', () => {
    for (const name of ['', '   ', undefined]) expect(CreateAccessKeyBody.safeParse({ projectId: 'p', name }).error?.issues[0].message).toBe(MSG.tokenNameRequired);
    expect(CreateAccessKeyBody.safeParse({ projectId: 'p', name: 't'.repeat(101) }).error?.issues[0].message).toBe(MSG.tokenNameTooLong);
  });
});

describe('e-mail helpers', () => {
  it('validates addresses', () => {
    for (const e of ['a@b.co', ' first.last+tag@sub.example.org ']) expect(isValidEmail(e)).toBe(true);
    for (const e of ['a@b', 'a b@c.de', '@c.de', 'a@', '', `${'a'.repeat(250)}@b.co`]) expect(isValidEmail(e)).toBe(false);
  });
  it('lower-cases and trims addresses and reads their domain', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailDomain('Ada@Example.COM')).toBe('example.com');
    expect(emailDomain('no-at-sign')).toBe('');
  });
});

describe('inviteError', () => {
  const base: Omit<InviteCheck, 'emails'> = { selfEmail: 'me@acme.test', taken: ['member@acme.test', 'invited@else.test'], trialDomains: null };
  const check = (emails: string[], extra: Partial<InviteCheck> = {}) => inviteError({ ...base, emails, ...extra });

  it('accepts a clean list', () => expect(check(['new@else.test', 'Other@Else.test'])).toBeNull());
  it('needs at least one address', () => {
    expect(check([])).toBe(MSG.inviteAtLeastOne);
    expect(check(['', '  '])).toBe(MSG.inviteAtLeastOne);
  });
  it('refuses malformed addresses', () => expect(check(['nope'])).toBe(MSG.invalidEmail));
  it('refuses the inviter, in any case', () => expect(check(['ME@acme.test'])).toBe(MSG.inviteSelf));
  it('refuses duplicates after lower-casing', () => expect(check(['a@else.test', 'A@ELSE.test'])).toBe(MSG.inviteUnique));
  it('refuses members and already invited addresses', () => {
    expect(check(['Member@acme.test'])).toBe(MSG.inviteAlreadyMember);
    expect(check(['invited@else.test'])).toBe(MSG.inviteAlreadyMember);
  });
  it('on a trial, allows only the listed domains', () => {
    expect(check(['a@acme.test', 'b@partner.test'], { trialDomains: ['acme.test', 'partner.test'] })).toBeNull();
    expect(check(['a@acme.test', 'b@else.test'], { trialDomains: ['acme.test', 'partner.test'] })).toBe(MSG.inviteTrial);
    expect(check(['a@sub.acme.test'], { trialDomains: ['acme.test'] })).toBe(MSG.inviteTrial);
  });
  it('checks in the order of the form: self before duplicates before membership before trial', () => {
    expect(check(['me@acme.test', 'x@y.test', 'x@y.test'])).toBe(MSG.inviteSelf);
    expect(check(['member@acme.test', 'member@acme.test'])).toBe(MSG.inviteUnique);
    expect(check(['member@acme.test'], { trialDomains: ['partner.test'] })).toBe(MSG.inviteAlreadyMember);
  });
});

describe('truncateName', () => {
  it('cuts names longer than 42 characters for the removal dialog', () => {
    expect(truncateName('a'.repeat(42))).toBe('a'.repeat(42));
    expect(truncateName('a'.repeat(43))).toBe(`${'a'.repeat(42)}...`);
  });
});
