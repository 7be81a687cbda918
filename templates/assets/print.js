// Printing shows everything: the diffs and lists folded in <details> are opened before the page is
// printed and closed again after. Without JavaScript they print folded.
(function () {
  var opened = [];
  addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (details) {
      details.open = true;
      opened.push(details);
    });
  });
  addEventListener("afterprint", function () {
    opened.forEach(function (details) { details.open = false; });
    opened = [];
  });
})();
