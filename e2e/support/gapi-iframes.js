/* global window, document */
/**
 * A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), for browser tests that run offline.
 *
 * The stock firebase/auth SDK's popup and redirect sign-ins talk to a helper iframe through gapi.iframes,
 * even against the Auth emulator: the SDK loads api.js in our page and opens the emulator's
 * /emulator/auth/iframe, which loads api.js too and answers through it. The tests serve THIS file in place of
 * api.js (Playwright `context.route`, which reaches the page, the iframe and the popup). It only replaces
 * Google's transport: the SDK and the emulator's pages (helper iframe, provider page) run unchanged.
 *
 * What it implements is what those two callers use, over window.postMessage between the page and the iframe:
 * gapi.load('gapi.iframes', { callback }), gapi.iframes.getContext().open(options, onOpen) in the page,
 * getContext().getParentIframe() in the iframe, and on both ends Iframe#register / send / ping / restyle and
 * gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER. A message sent before the other end registered its handler waits
 * for it (the helper iframe reports its first auth event as soon as it loads). Test code: messages go to '*',
 * and each end takes messages only from the window it is bound to.
 */
(() => {
  'use strict';
  const script = document.currentScript;

  /** api.js?onload=<name> calls window[name]; without it, window.gapi_onload as Google's loader does. */
  const runOnload = () => {
    const src = (script && script.src) || '';
    const name = src.includes('?') ? new URLSearchParams(src.split('?')[1]).get('onload') : null;
    const onload = name ? window[name] : window.gapi_onload;
    if (typeof onload === 'function') setTimeout(onload, 0);
  };
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) return runOnload();

  const TAG = '__gapiStandIn';
  let nextId = 1;

  /** One end of a page ↔ iframe channel: `peer()` is the other window. */
  class Iframe {
    constructor(peer) {
      this.peer = peer;
      this.handlers = {};
      this.waiting = {}; // calls that arrived before their handler was registered, by type
      this.replies = {};
      window.addEventListener('message', (event) => {
        const data = event.data;
        if (!data || typeof data !== 'object' || data[TAG] !== true) return;
        if (!this.peer() || event.source !== this.peer()) return;
        this.receive(data);
      });
    }

    post(message) {
      const peer = this.peer();
      if (peer) peer.postMessage({ ...message, [TAG]: true }, '*');
    }

    receive(data) {
      if (data.kind === 'reply') {
        const callback = this.replies[data.id];
        delete this.replies[data.id];
        if (callback) callback(data.result);
      } else if (data.kind === 'call' && data.type === '_ping') {
        this.post({ kind: 'reply', id: data.id, result: [true] });
      } else if (data.kind === 'call' && this.handlers[data.type]) {
        this.answer(data);
      } else if (data.kind === 'call') {
        (this.waiting[data.type] = this.waiting[data.type] || []).push(data);
      }
    }

    answer(data) {
      Promise.resolve()
        .then(() => this.handlers[data.type](data.data))
        .then(
          (result) => this.post({ kind: 'reply', id: data.id, result: [result] }),
          () => this.post({ kind: 'reply', id: data.id, result: [] }),
        );
    }

    register(type, handler) {
      this.handlers[type] = handler;
      const queued = this.waiting[type] || [];
      delete this.waiting[type];
      for (const data of queued) this.answer(data);
    }

    send(type, data, callback) {
      const id = `m${nextId++}`;
      if (callback) this.replies[id] = callback;
      this.post({ kind: 'call', type, id, data });
    }

    /** Resolves (and calls back) once the other end's stand-in answers; asked again until then. */
    ping(callback) {
      return new Promise((resolve) => {
        const id = `p${nextId++}`;
        const ask = () => this.post({ kind: 'call', type: '_ping', id });
        const timer = setInterval(ask, 100);
        this.replies[id] = (result) => {
          clearInterval(timer);
          if (callback) callback(result);
          resolve(result);
        };
        ask();
      });
    }

    /** Nothing to restyle: the SDK's iframe keeps the attributes it was opened with. */
    restyle(_style, callback) {
      if (callback) callback();
      return Promise.resolve([]);
    }
  }

  let parent = null;
  const context = {
    /** The page side: the iframe is made here (options.where, .url, .attributes), then onOpen(iframe). */
    open(options, onOpen) {
      const element = document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes || {})) {
        if (name === 'style' && typeof value === 'object') Object.assign(element.style, value);
        else element.setAttribute(name, String(value));
      }
      element.src = options.url;
      (options.where || document.body).appendChild(element);
      const frame = new Iframe(() => element.contentWindow);
      return Promise.resolve(onOpen ? onOpen(frame) : undefined).then(() => frame);
    },
    /** The iframe side: the page that opened it. */
    getParentIframe() {
      parent = parent || new Iframe(() => (window.parent === window ? null : window.parent));
      return parent;
    },
  };

  window.gapi = {
    load(_features, options) {
      const callback = typeof options === 'function' ? options : options && options.callback;
      if (callback) setTimeout(callback, 0);
    },
    iframes: {
      Iframe,
      getContext: () => context,
      CROSS_ORIGIN_IFRAMES_FILTER: () => true,
    },
  };
  // The iframe end answers pings as soon as it is loaded, before its page asks for the parent.
  if (window.parent !== window) context.getParentIframe();
  runOnload();
})();
