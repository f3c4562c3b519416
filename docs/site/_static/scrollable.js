/* A region that scrolls (wide maths, a long line of code or output) can be scrolled from the keyboard:
   it takes focus with Tab, like a control (WCAG 2.1.1; axe-core's scrollable-region-focusable). */
(function () {
  var FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";
  function focusable() {
    document.querySelectorAll("body *").forEach(function (el) {
      if (el.hasAttribute("tabindex") || el.matches(FOCUSABLE)) { return; }
      var style = getComputedStyle(el);
      var scrolls = (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth) ||
                    (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight);
      if (scrolls) { el.setAttribute("tabindex", "0"); }
    });
  }
  window.advsearchFocusScrollable = focusable;
  window.addEventListener("load", function () {
    focusable();
    if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(focusable); }   // after the maths is typeset
  });
  window.addEventListener("resize", focusable);
})();
