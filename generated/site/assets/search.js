// Site search, no dependencies: the box in the header loads its locale's index (a script that
// `stepwise build` writes, so it works from file:// as from a server) when it is first used, and
// lists the sections that hold every word typed, the last one as a prefix. Words are folded and
// stemmed with the rules the index carries, exactly as the index was built (see SearchTokenizer).
// Without JavaScript the box stays hidden; the page is complete without it.
(function () {
  "use strict";
  var box = document.querySelector(".site-search");
  if (!box || !String.prototype.normalize) return;
  var input = box.querySelector("input");
  var output = box.querySelector(".search-results");
  var locale = box.getAttribute("data-locale");
  var root = box.getAttribute("data-root");
  var index = null, rules = null, requested = false, timer = null;
  var wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
  var limit = 20;
  box.hidden = false;

  function load() {
    if (requested) return;
    requested = true;
    var script = document.createElement("script");
    script.src = box.getAttribute("data-index");
    script.onload = function () {
      var data = window.stepwiseSearchIndex && window.stepwiseSearchIndex[locale];
      if (data) { index = prepare(data); search(); }
    };
    document.head.appendChild(script);
  }

  // Sections as flat arrays (numbered through the pages in order), terms sorted for prefix lookups.
  function prepare(data) {
    rules = data.rules;
    var prepared = { stop: {}, terms: data.terms, keys: Object.keys(data.terms).sort(), sections: [] };
    rules.stopWords.forEach(function (word) { prepared.stop[word] = true; });
    data.pages.forEach(function (page) {
      page[2].forEach(function (section) {
        // An empty id is the heading's slug (the title's when the heading is empty), as the index spells it.
        prepared.sections.push({ path: page[0], title: page[1], id: section[0] || slug(section[1] || page[1]), heading: section[1], snippet: section[2] });
      });
    });
    return prepared;
  }

  function fold(text) {
    var foldings = rules.foldings;
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\u0000-\u00bf]/gu, function (c) { return foldings[c] || c; });
  }

  function slug(text) { return fold(text).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""); }

  function words(text) { return fold(text).match(wordPattern) || []; }

  function length(word) { return Array.from(word).length; }

  function stem(word) {
    if (/[0-9]/.test(word)) return word;
    var size = length(word);
    for (var i = 0; i < rules.suffixes.length; i++) {
      var suffix = rules.suffixes[i][0];
      if (size - length(suffix) >= rules.minimumStem && word.endsWith(suffix)) {
        return Array.from(word).slice(0, size - length(suffix)).join("") + rules.suffixes[i][1];
      }
    }
    return word;
  }

  /// The term of a folded word, or null for a short or stop word (as the index drops them).
  function term(word) {
    if (length(word) < rules.minimumLength || index.stop[word]) return null;
    return stem(word);
  }

  function postings(term) {
    var list = index.terms[term], sections = [], number = 0;
    if (list === undefined) return sections;
    // Differences between successive sections in base 26: uppercase digits, then a lowercase last one.
    var value = 0;
    for (var i = 0; i < list.length; i++) {
      var code = list.charCodeAt(i);
      if (code >= 97) {
        number += value * 26 + code - 97;
        sections.push(number);
        value = 0;
      } else {
        value = value * 26 + code - 65;
      }
    }
    return sections;
  }

  // The first key at or after `prefix` in the sorted keys.
  function lowerBound(prefix) {
    var low = 0, high = index.keys.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (index.keys[middle] < prefix) low = middle + 1; else high = middle;
    }
    return low;
  }

  // Section number → score for one query word: the exact term scores 3; as the last word, also the
  // terms it begins (1), or when there are none, the terms that begin it (a stem: "creat" → "cre").
  function matches(word, isPrefix) {
    var scores = {}, exact = term(word);
    function add(term, score) {
      postings(term).forEach(function (section) { scores[section] = Math.max(scores[section] || 0, score); });
    }
    if (exact) add(exact, 3);
    if (!isPrefix || length(word) < rules.minimumLength) return scores;
    var found = false;
    for (var i = lowerBound(word); i < index.keys.length && index.keys[i].lastIndexOf(word, 0) === 0; i++) {
      found = true;
      if (index.keys[i] !== exact) add(index.keys[i], 1);
    }
    if (!found) {
      for (var cut = length(word) - 1; cut >= rules.minimumStem; cut--) {
        var start = Array.from(word).slice(0, cut).join("");
        if (index.terms[start] !== undefined) { add(start, 1); break; }
      }
    }
    return scores;
  }

  function search() {
    if (!index) return;
    var query = input.value;
    var typed = words(query);
    var lastIsPrefix = typed.length > 0 && !/\s$/.test(query);
    var perWord = [];
    typed.forEach(function (word, position) {
      var isPrefix = lastIsPrefix && position === typed.length - 1;
      if (isPrefix || term(word)) perWord.push({ word: word, scores: matches(word, isPrefix) });
    });
    if (perWord.length === 0) { show(null); return; }
    var found = [];
    Object.keys(perWord[0].scores).forEach(function (key) {
      var score = 0;
      for (var i = 0; i < perWord.length; i++) {
        var own = perWord[i].scores[key];
        if (!own) return;
        score += own;
      }
      var section = index.sections[+key];
      var heading = words(section.heading).map(stem);
      perWord.forEach(function (entry) { if (heading.indexOf(stem(entry.word)) >= 0) score += 2; });
      found.push({ number: +key, score: score, section: section });
    });
    found.sort(function (a, b) { return b.score - a.score || a.number - b.number; });
    show(found);
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function show(found) {
    output.textContent = "";
    if (found === null) return;
    var status = found.length === 0 ? box.getAttribute("data-no-results")
      : box.getAttribute("data-result-count").replace("{count}", String(found.length));
    output.appendChild(element("p", "search-status", status));
    if (found.length === 0) return;
    var list = element("ul", "search-list");
    found.slice(0, limit).forEach(function (result) {
      var section = result.section;
      var item = element("li");
      var link = element("a");
      link.href = root + locale + "/" + section.path + "#" + section.id;
      // The section first; the page it is on below it (the page alone for its title section).
      link.appendChild(element("span", "search-section", section.heading || section.title));
      if (section.heading) link.appendChild(element("span", "search-page", section.title));
      item.appendChild(link);
      if (section.snippet) item.appendChild(element("span", "search-snippet", section.snippet));
      list.appendChild(item);
    });
    output.appendChild(list);
  }

  input.addEventListener("focus", load);
  input.addEventListener("input", function () {
    load();
    clearTimeout(timer);
    timer = setTimeout(search, 80);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { input.value = ""; show(null); }
  });
})();
