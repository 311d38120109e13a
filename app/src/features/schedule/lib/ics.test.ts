import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../../../../contracts/ics';
import { icsFileName, toIcs } from './ics';
import { httpLink } from '@/lib/http-link';

describe('.ics (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });

  it('writes one event in UTC with CRLF lines', () => {
    const ics = toIcs({
      uid: 'meeting-4@portal.test',
      title: 'Review; Q1, Q2',
      start: new Date('2026-11-23T16:00:00Z'),
      minutes: 90,
      description: 'Agenda\nJoin: https://meet.example.com/x',
      url: 'https://meet.example.com/x',
      now: new Date('2026-11-21T08:00:00Z'),
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20261123T160000Z\r\nDTEND:20261123T173000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Review\\; Q1\\, Q2\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Agenda\\nJoin: https://meet.example.com/x\r\n');
    expect(ics).toContain('\r\nURL:https://meet.example.com/x\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('names the file from the title', () => {
    expect(icsFileName('Monthly strategy session')).toBe('monthly-strategy-session.ics');
    expect(icsFileName('../../etc')).toBe('etc.ics');
    expect(icsFileName('***')).toBe('meeting.ics');
  });
});

describe('join links', () => {
  it('are offered only for http and https', () => {
    expect(httpLink('https://meet.example.com/a')).toBe('https://meet.example.com/a');
    expect(httpLink('http://meet.example.com/a')).toBe('http://meet.example.com/a');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'ftp://x',
      '//x',
      '',
      null,
    ]) {
      expect(httpLink(bad)).toBeNull();
    }
  });
});
