import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeZoneSelect } from './time-zone-select';

describe('TimeZoneSelect', () => {
  it('lists the canonical zone names (Asia/Kolkata, Europe/Kyiv), not the aliases IANA retired', () => {
    render(<TimeZoneSelect name="time_zone" value="" onChange={() => undefined} />);
    const values = screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(values).toContain('Asia/Kolkata');
    expect(values).toContain('Europe/Kyiv');
    expect(values).not.toContain('Asia/Calcutta');
    expect(values).not.toContain('Europe/Kiev');
  });
});
