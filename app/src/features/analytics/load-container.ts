/** The web-analytics container's script (SPEC §7: a GET for it); index.html's CSP allows this host only then. */
const containerUrl = (id: string): string =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;

/**
 * What the container's usual inline snippet does, as module code (the CSP refuses inline scripts): announce
 * the start on the data layer, then add the script once. Tags the container adds as inline HTML stay refused by
 * the CSP; tags from its own host run.
 */
export function loadContainer(id: string): void {
  if (document.querySelector('script[data-analytics-container]')) return;
  const global = window as Window & { dataLayer?: unknown[] };
  global.dataLayer ??= [];
  global.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = containerUrl(id);
  script.dataset.analyticsContainer = id;
  document.head.append(script);
}
