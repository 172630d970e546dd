import { httpsLink, imageSource } from './safe-urls';

describe('httpsLink', () => {
  it('keeps https URLs', () => {
    expect(httpsLink('https://github.com/challangex')).toBe('https://github.com/challangex');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'http://example.com',
    'ftp://x.org',
    '',
    '  ',
    'not a url',
    42,
    null,
  ])('refuses %s', (value) => {
    expect(httpsLink(value)).toBeNull();
  });
});

describe('imageSource', () => {
  it('accepts https, nothing else, outside an emulator build (as in production)', () => {
    expect(imageSource('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(imageSource('http://127.0.0.1:9199/v0/b/x/o/a.jpg')).toBeNull();
    expect(imageSource('http://localhost:9199/v0/b/x/o/a.jpg')).toBeNull();
    expect(imageSource('http://[::1]:9199/v0/b/x/o/a.jpg')).toBeNull();
    expect(imageSource('http://evil.example.com/a.jpg')).toBeNull();
    expect(imageSource('javascript:alert(1)')).toBeNull();
  });

  it("accepts the local emulator's plain http given the emulator build's loopback hosts", () => {
    const loopback = ['127.0.0.1', 'localhost', '[::1]'];
    expect(imageSource('http://127.0.0.1:9199/v0/b/x/o/a.jpg', loopback)).toBe(
      'http://127.0.0.1:9199/v0/b/x/o/a.jpg',
    );
    expect(imageSource('http://evil.example.com/a.jpg', loopback)).toBeNull();
  });
});
