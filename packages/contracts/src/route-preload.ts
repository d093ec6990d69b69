/**
 * The one inline script of the storefront's index.html (see apps/client/vite.config.ts): it preloads
 * the chunks, stylesheets and public reads of the route being opened, from a JSON data block
 * the build writes into the page. The script itself never changes from one build to the next,
 * so the server's and the router's Content-Security-Policy allow it by its hash, and the
 * build-specific part (the file names) sits in the data block, which is not executed.
 */
export const ROUTE_PRELOAD_DATA_ID = 'route-preload';

export const ROUTE_PRELOAD_SCRIPT = `(function(){var d=document.getElementById('${ROUTE_PRELOAD_DATA_ID}');if(!d)return;var r=JSON.parse(d.textContent),p=location.pathname;for(var i=0;i<r.length;i++){if(!new RegExp(r[i].path).test(p))continue;var add=function(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href=href;if(as)l.as=as;l.crossOrigin='';document.head.appendChild(l)};r[i].css.forEach(function(h){add('preload',h,'style')});r[i].js.forEach(function(h){add('modulepreload',h)});r[i].data.forEach(function(h){add('preload',h,'fetch')});break}})();`;
