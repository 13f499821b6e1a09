import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseContentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy.js';

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy();
  const directives = parseContentSecurityPolicy(policy);

  it('never allows eval or inline scripts', () => {
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain("'wasm-unsafe-eval'");
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it("lets Monaco's workers start from blob: URLs and its styles be injected", () => {
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('talks only to its own server, embeds nothing and cannot be framed', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('font-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows unsafe-inline only for styles', () => {
    const withInline = [...directives].filter(([, sources]) => sources.includes("'unsafe-inline'")).map(([name]) => name);
    expect(withInline).toEqual(['style-src']);
  });
});

describe('withContentSecurityPolicy', () => {
  it('adds the header and keeps the others', () => {
    const input = { 'Content-Type': ['text/html'] };
    const output = withContentSecurityPolicy(input, 'default-src x');
    expect(output).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ['default-src x'] });
    expect(input).toEqual({ 'Content-Type': ['text/html'] });
  });

  it("keeps a policy the server sent beside ours (both are enforced), whatever the header's case", () => {
    const output = withContentSecurityPolicy({ 'content-security-policy': ["default-src 'none'"] }, 'default-src x');
    expect(output).toEqual({ 'content-security-policy': ["default-src 'none'", 'default-src x'] });
  });

  it('copes with responses without headers', () => {
    expect(withContentSecurityPolicy(undefined)).toEqual({ 'Content-Security-Policy': [contentSecurityPolicy()] });
  });
});
