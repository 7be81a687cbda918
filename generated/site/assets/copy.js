// Progressive enhancement: a copy button on each code sample. The page is complete without it.
(function () {
  if (!navigator.clipboard) return;
  document.querySelectorAll("button.copy-button").forEach(function (button) {
    var code = document.querySelector("#" + CSS.escape(button.dataset.copyTarget) + " pre code");
    if (!code) return;
    var label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(code.textContent).then(function () {
        button.textContent = button.dataset.copiedLabel;
        setTimeout(function () { button.textContent = label; }, 1600);
      }, function () {
        // Copying was refused (no permission, not a secure context): the code stays selectable.
      });
    });
  });
})();
