// Test page module for web/net/: the test serves net.html (with the app's own
// CSP) around it, one page per browser context, each context one device.
import * as link from "../web/net/link.mjs";

window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});

function watch(channel) {
  window.channel = channel;
  window.received = [];
  window.channelClosed = false;
  channel.addEventListener("message", (event) => {
    if (event.data.startsWith("echo:")) channel.send("re:" + event.data.slice(5));
    else if (!event.data.startsWith("re:")) window.received.push(event.data);
  });
  channel.addEventListener("close", () => { window.channelClosed = true; });
}

function since(started) {
  return performance.now() - started;
}

window.netTest = {
  link,
  async host(options = {}) {
    const started = performance.now();
    window.host = await link.hostLink(options);
    window.offerMs = since(started);
    return window.host.offer;
  },
  async join(offer, options = {}) {
    const started = performance.now();
    window.join = await link.joinLink(offer, options);
    window.answerMs = since(started);
    window.join.channel.then((channel) => {
      window.guestOpenMs = since(started);
      watch(channel);
    }, (error) => { window.joinError = error.code; });
    return window.join.answer;
  },
  async accept(answer) {
    const started = performance.now();
    watch(await window.host.accept(answer));
    window.acceptMs = since(started);
  },
  // Round trips of small messages, one after another: milliseconds each.
  async roundTrips(count) {
    const times = [];
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      await new Promise((resolve) => {
        const reply = (event) => {
          if (event.data !== `re:${index}`) return;
          window.channel.removeEventListener("message", reply);
          resolve();
        };
        window.channel.addEventListener("message", reply);
        window.channel.send(`echo:${index}`);
      });
      times.push(since(started));
    }
    return times;
  },
};
window.netReady = true;
