// The IANA time zones this runtime knows: the one list a person's time zone is checked against, whoever sets it.
const knownZones = new Set(Intl.supportedValuesOf('timeZone'));

export const isKnownZone = (zone: string): boolean => knownZones.has(zone);
