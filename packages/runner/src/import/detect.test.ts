import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';

describe('detectFormat', () => {
  it('takes a content type that names one format at its word', () => {
    expect(detectFormat('[1,2]\n', 'report.json', 'application/x-ndjson')).toBe('ndjson');
    expect(detectFormat('{"meta":{}}', null, 'text/xml; charset=utf-8')).toBe('junit');
    expect(detectFormat('', null, 'application/xml')).toBe('junit');
  });

  it('otherwise tells the format by the first bytes, whatever the name or a generic type says', () => {
    expect(detectFormat('{"meta":{"protocolVersion":"27.0.0"}}\n', 'report.json', 'application/json')).toBe('ndjson');
    expect(detectFormat('\uFEFF\n  [ {"uri": "features/a.feature"', 'report.ndjson', 'application/octet-stream')).toBe('cucumber-json');
    expect(detectFormat(Buffer.from('<?xml version="1.0"?><testsuites/>'), null, 'application/json')).toBe('junit');
    expect(detectFormat(Buffer.from('\r\n<testsuite>'))).toBe('junit');
  });

  it('falls back on the file name, then application/json', () => {
    expect(detectFormat('', 'TEST-com.example.LoginTest.xml', 'application/octet-stream')).toBe('junit');
    expect(detectFormat('', 'cucumber.json')).toBe('cucumber-json');
    expect(detectFormat('x', 'messages.ndjson', 'application/json')).toBe('ndjson');
    expect(detectFormat('', null, 'application/json')).toBe('cucumber-json');
    expect(detectFormat('hello', 'notes.txt', 'text/plain')).toBeNull();
  });
});
