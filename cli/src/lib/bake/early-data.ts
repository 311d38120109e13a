/**
 * A signed-in page's first data, asked for by index.html itself. The app's table (app/src/boot/early-pages.ts,
 * written by the compile into prerender.json) names the pages, their modules and their first calls; here the
 * modules become the compile's chunk files, and EARLY_SCRIPT, part of index.html's one inline script, does the
 * asking: for a visit to one of those addresses with a stored session that the app will restore (readable,
 * its token the user's own, not ended by the idle limit) of the page's role, it modulepreloads the page's
 * chunks and sends its calls, the promises of whose answers the app adopts (app/src/lib/early-answers.ts).
 * Without such a session it does nothing: the app then asks for what it needs itself, as before.
 */
export interface EarlyPages<Modules = string[]> {
  storage: { token: string; backupToken: string; user: string; activity: string; idleMs: number };
  cipher: { plain: string; key: string };
  userMark: string;
  /** Font files: by name in the app's table, by their compiled file once resolved. */
  fonts: string[];
  /** The site's meta.json, asked for as the app's version check asks (no-store). */
  meta: string;
  pages: Record<
    string,
    {
      role: string;
      modules: Modules;
      requests: { method: string; url: string; body: string; tokenHeader: boolean }[];
    }
  >;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

/**
 * The table with each page's modules turned into the chunk files they load, less those index.html already
 * modulepreloads. A module the compile does not have fails the build: the table and the app went apart.
 */
export function resolveEarlyPages(
  early: EarlyPages,
  manifest: Record<string, ManifestChunk>,
  preloaded: Set<string>,
): EarlyPages {
  const files = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The app's early pages name ${key}, which the compile does not have.`);
    const href = `/${chunk.file}`;
    if (into.has(href) || preloaded.has(href)) return into;
    into.add(href);
    for (const next of chunk.imports ?? []) files(next, into);
    return into;
  };
  const pages = Object.fromEntries(
    Object.entries(early.pages).map(([page, entry]) => {
      const modules = new Set<string>();
      for (const key of entry.modules) files(key, modules);
      return [page, { ...entry, modules: [...modules] }];
    }),
  );
  const assets = new Set(Object.values(manifest).flatMap((chunk) => chunk.assets ?? []));
  const fonts = early.fonts.map((name) => {
    const file = [...assets].find((asset) => new RegExp(`^assets/${name}-[\\w-]+\\.woff2$`).test(asset));
    if (!file)
      throw new Error(`The app's early pages name the font ${name}, which the compile does not have.`);
    return `/${file}`;
  });
  return { ...early, fonts, pages };
}

/**
 * The inline part (ES5, no module syntax: it runs as index.html is parsed). It reads the table
 * (#portal-early) and the baked config (#portal-config, for the API's address and the tenant id); a stored
 * user is decoded as lib/cipher encodes it and its role read as contracts/roles' roleOf does. Each call is sent
 * as the app's API client sends it (the same address, headers and body), and recorded under the key
 * lib/early-answers looks it up by; the site's meta.json as the app's version check asks for it, for that check
 * to take (app/src/boot/version-check.ts). The fonts are linked once the document is parsed, behind the stylesheet
 * and the app's entry, which the first screens need first. Any failure leaves the app to ask for itself.
 */
export const EARLY_SCRIPT =
  "try{var E=document.getElementById('portal-early'),C=document.getElementById('portal-config');" +
  'if(E&&C){var e=JSON.parse(E.textContent),c=JSON.parse(C.textContent),s=e.storage,L=localStorage,' +
  "p=e.pages[location.pathname.replace(/\\/+$/,'')],k=L.getItem(s.token)||L.getItem(s.backupToken)," +
  'u=L.getItem(s.user),a=Number(L.getItem(s.activity))||0;' +
  "if(p&&k&&u&&!(a>0&&Date.now()-a>=s.idleMs)){var D={'=':'='},x=[];" +
  'for(var i=0;i<64;i++)D[e.cipher.key.charAt(i)]=e.cipher.plain.charAt(i);' +
  "for(i=0;i<u.length;i++){var h=D[u.charAt(i)];if(!h)throw 0;x.push(h)}x=x.join('');" +
  "var o=JSON.parse(atob(x)),r=o.role_id===1?'admin':o.role_id===2?'coach':'client';" +
  "if(o.pas_token===k&&r===p.role&&typeof o.id==='number'){" +
  "var P=function(f,m){var l=document.createElement('link');l.rel=m?'modulepreload':'preload';l.href=f;" +
  "if(!m){l.as='font';l.type='font/woff2';l.crossOrigin='anonymous'}document.head.appendChild(l)};" +
  "p.modules.forEach(function(m){P(m,1)});document.addEventListener('DOMContentLoaded',function(){" +
  'e.fonts.forEach(function(f){P(f,0)})});' +
  "var b=String(c.apiUrl||'').replace(/\\/+$/,'');" +
  "window.portalMeta=fetch(e.meta,{cache:'no-store',headers:{Accept:'application/json'}})" +
  '.catch(function(){return null});window.portalEarly=p.requests.map(function(q){var d=q.body.split(e.userMark).join(String(o.id)),' +
  "H={Accept:'application/json','X-Tenant-Id':String(c.tenantId),Authorization:'Bearer '+k};" +
  "if(d)H['Content-Type']='application/json';if(q.tokenHeader)H.token=k;" +
  "return{key:q.method+' '+q.url+' '+d,token:k,answer:fetch(b+'/'+q.url.replace(/^\\/+/,'')," +
  '{method:q.method,headers:H,body:d||undefined}).then(function(w){return w.text().then(function(t){' +
  'return{status:w.status,body:t}})}).catch(function(){return null})}})}}}}catch(z){}';
