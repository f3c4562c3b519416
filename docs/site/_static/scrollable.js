/* A region that scrolls (wide maths, a tall slide, a long line of code or output) can be scrolled from the
   keyboard: it takes focus with Tab, like a control (WCAG 2.1.1; axe-core's scrollable-region-focusable).
   The site loads this file; tools/build_slides.py puts it into every deck, which calls it on its slides. */
(function () {
  var FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";
  function focusScrollable(root) {
    (root || document.body).querySelectorAll("*").forEach(function (el) {
      if (el.hasAttribute("tabindex") || el.matches(FOCUSABLE)) { return; }
      var style = getComputedStyle(el);
      var scrolls = (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth) ||
                    (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight);
      if (scrolls) { el.setAttribute("tabindex", "0"); }
    });
  }
  window.advsearchFocusScrollable = focusScrollable;
  window.addEventListener("load", function () {
    focusScrollable();
    if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(function () { focusScrollable(); }); }  // after maths
  });
  window.addEventListener("resize", function () { focusScrollable(); });
})();
