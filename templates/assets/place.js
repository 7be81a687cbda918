// Progressive enhancement: the language and edition switchers keep the reader's place. A section has
// the same id in every language and edition (a translated section takes its source section's id), so
// the section in view travels as the link's #fragment. Without JavaScript the links open the page's top.
(function () {
  function sectionInView() {
    var sections = document.querySelectorAll("main section[id]");
    var id = "";
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getBoundingClientRect().top > 96) break;
      id = sections[i].id;
    }
    return id;
  }
  document.querySelectorAll("a[data-keep-place]").forEach(function (link) {
    function follow() {
      var id = sectionInView();
      var href = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", id ? href + "#" + encodeURIComponent(id) : href);
    }
    link.addEventListener("click", follow);
    link.addEventListener("focus", follow);
    link.addEventListener("mousedown", follow);
  });
})();
