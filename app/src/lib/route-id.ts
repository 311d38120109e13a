/**
 * An id from the address (/assessments/12): a positive whole number the API can take (GraphQL's Int is 32
 * bits), else null. A page shows "not found" for null and asks the API nothing: `Number('abc')` is NaN,
 * which would go out as null and come back as a refusal the page would call a loading error.
 */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}
