/**
 * The maps' browser files, served from /assets/ (never a CDN): Leaflet's own build and stylesheet
 * read once from node_modules, and this product's small script that puts a `figure[data-points]`
 * on a map. The script follows zaezd's board: the map stays invisible until a tile has actually
 * arrived, and when the tiles fail or none arrives in time it is removed, leaving the page's list
 * of the points with straight-line distances — never an empty grey rectangle. Markers are drawn
 * in CSS (numbered like the list), the map never draws a line between points, and scroll-wheel
 * zoom is off so the page scrolls past it. A map inside a folded day is drawn when the day opens,
 * and its caption shows only once the map is there (site.css).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const LEAFLET_SCRIPT_PATH = '/assets/leaflet.js';
export const MAP_SCRIPT_PATH = '/assets/points-map.js';
export const MAP_STYLESHEET_PATH = '/assets/map.css';

const require = createRequire(import.meta.url);

let leaflet: { script: string; stylesheet: string } | undefined;

/** Leaflet as published (its licence header kept), with the map's own rules after its stylesheet. */
export function leafletFiles(): { script: string; stylesheet: string } {
  leaflet ??= {
    script: readFileSync(require.resolve('leaflet/dist/leaflet.js'), 'utf8'),
    stylesheet: `${readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8')}\n${MAP_CSS}`,
  };
  return leaflet;
}

const MAP_CSS = `
.points-map { margin: 1rem 0; }
.map-canvas { height: 16rem; border: 1px solid var(--line, #ddd); border-radius: .5rem; margin-bottom: .4rem; }
.map-canvas.map-waiting { visibility: hidden; }
@media (max-width: 30rem) { .map-canvas { height: 13rem; } }
.map-marker { display: flex; align-items: center; justify-content: center; border-radius: 50%; background: #9b2c1f; color: #fff; font: 700 13px/1 system-ui, sans-serif; border: 2px solid #fff; box-shadow: 0 0 0 1px #9b2c1f; }
.leaflet-container { font: inherit; }
.leaflet-control-attribution a { color: #0b57a4; }
@media print { .map-canvas { display: none; } }
`;

/** How long the first tile may take before the page stops waiting and keeps the list alone. */
const TILE_WAIT_MS = 8000;

export const MAP_SCRIPT = `"use strict";
(function () {
  var L = window.L;
  if (!L) return;
  var figures = document.querySelectorAll("figure[data-points]");
  for (var i = 0; i < figures.length; i++) whenVisible(figures[i]);

  // A map in a folded day has no size until the day opens: draw it then, not before.
  function whenVisible(figure) {
    var fold = figure.closest("details");
    if (!fold || fold.open) return show(figure);
    fold.addEventListener("toggle", function opened() {
      if (!fold.open) return;
      fold.removeEventListener("toggle", opened);
      show(figure);
    });
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }

  function show(figure) {
    var points;
    try { points = JSON.parse(figure.getAttribute("data-points")); } catch (e) { return; }
    if (!Array.isArray(points) || points.length === 0) return;
    var canvas = document.createElement("div");
    canvas.className = "map-canvas map-waiting";
    figure.insertBefore(canvas, figure.firstChild);
    figure.setAttribute("data-map", "loading");
    var map = L.map(canvas, { scrollWheelZoom: false, maxZoom: 17 });
    map.attributionControl.setPrefix(false);
    // Traveler pages send no referrer; public tile servers refuse tiles without one. The origin
    // names the site and nothing about the plan.
    var layer = L.tileLayer(figure.getAttribute("data-tiles"), {
      attribution: escapeHtml(figure.getAttribute("data-attribution") || ""),
      maxZoom: 17,
      referrerPolicy: "origin"
    });
    var loaded = 0;
    var state = "loading";
    var timer = setTimeout(function () { settle("failed"); }, ${TILE_WAIT_MS});
    function settle(next) {
      if (state !== "loading") return;
      state = next;
      clearTimeout(timer);
      figure.setAttribute("data-map", next);
      if (next === "ready") { canvas.classList.remove("map-waiting"); return; }
      // Leaflet reads the map again after its tile callbacks return: tear down after them.
      setTimeout(function () {
        layer.off();
        layer.remove();
        map.remove();
        canvas.remove();
      }, 0);
    }
    layer.on("tileload", function () { loaded += 1; settle("ready"); });
    // "load" fires once every tile in view has settled, failed ones included.
    layer.on("load", function () { if (loaded === 0) settle("failed"); });
    layer.addTo(map);
    var keyboard = figure.getAttribute("data-keyboard") !== "false";
    var latLngs = [];
    points.forEach(function (p) {
      var at = L.latLng(p.lat, p.lon);
      latLngs.push(at);
      var marker = L.marker(at, {
        title: p.title,
        alt: p.title,
        keyboard: keyboard,
        icon: L.divIcon({ className: "map-marker", html: escapeHtml(p.badge), iconSize: [26, 26], iconAnchor: [13, 13], tooltipAnchor: [13, 0] })
      });
      marker.bindTooltip(escapeHtml(p.title));
      marker.addTo(map);
    });
    if (latLngs.length === 1) map.setView(latLngs[0], 15);
    else map.fitBounds(L.latLngBounds(latLngs), { padding: [30, 30], maxZoom: 16 });
    var attribution = canvas.querySelector(".leaflet-control-attribution");
    if (attribution) attribution.setAttribute("lang", "en");
  }
})();
`;
