import { describe, expect, it } from 'vitest';
import { webhookProblems } from './add-webhook-form';

describe('webhookProblems (the endpoint form checks before sending)', () => {
  it('asks for an address, a full web address, and at least one event when not all', () => {
    expect(webhookProblems('  ', 'all')).toEqual({
      url: 'Enter the address that receives the events.',
      events: undefined,
    });
    expect(webhookProblems('crm.example.com/hooks', ['ticket.created']).url).toBe(
      'Enter a full web address, like https://crm.example.com/hooks/portal.',
    );
    expect(webhookProblems('https://crm.example.com/hooks', []).events).toBe(
      'Choose all events or at least one.',
    );
  });

  it('passes a full address with all events or some', () => {
    expect(webhookProblems(' https://crm.example.com/hooks ', 'all')).toEqual({
      url: undefined,
      events: undefined,
    });
    expect(webhookProblems('http://127.0.0.1:9/hooks', ['lesson.completed'])).toEqual({
      url: undefined,
      events: undefined,
    });
  });
});
