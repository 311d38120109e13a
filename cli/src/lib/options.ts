/**
 * Readers of commander's option values, which it types as `any`: each command's parseOptions turns them into
 * its own option type with these, so a value of the wrong type is dropped here rather than cast past the
 * type checker. Commander has already applied defaults and the flags' own parsers (positiveInt, collect).
 */
export type RawOptions = Readonly<Record<string, unknown>>;

export const text = (raw: RawOptions, key: string): string | undefined => {
  const value = raw[key];
  return typeof value === 'string' ? value : undefined;
};

export const flag = (raw: RawOptions, key: string): boolean | undefined => {
  const value = raw[key];
  return typeof value === 'boolean' ? value : undefined;
};

export const whole = (raw: RawOptions, key: string): number | undefined => {
  const value = raw[key];
  return typeof value === 'number' ? value : undefined;
};

/** A repeatable flag (`--tenant a --tenant b`); absent is empty, as every command reads it. */
export const list = (raw: RawOptions, key: string): string[] => {
  const value = raw[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};
