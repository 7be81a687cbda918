// Site search, no dependencies: the box in the header loads its locale's index when it is first
// used, and lists the sections that hold every word typed, the last one as a prefix. Words are
// folded and stemmed with the rules the index carries, exactly as the index was built (see
// SearchTokenizer). The index is scripts that `stepwise build` writes (so it works from file:// as
// from a server): a manifest, loaded first, names the parts that hold the terms (by range) and the
// pages (by section numbers); a query loads the parts of its words, then those of the sections it
// shows, each once. Without JavaScript the box stays hidden; the page is complete without it.
(function () {
  "use strict";
  var box = document.querySelector(".site-search");
  if (!box || !String.prototype.normalize || !window.Promise) return;
  var input = box.querySelector("input");
  var output = box.querySelector(".search-results");
  var locale = box.getAttribute("data-locale");
  var root = box.getAttribute("data-root");
  var manifestURL = box.getAttribute("data-index");
  var folder = manifestURL.replace(/[^\/]*$/, "");
  var wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
  var limit = 20;
  // The manifest; the terms and sections of the parts loaded so far.
  var index = null, rules = null, stop = {}, terms = {}, keys = null, sections = {};
  var loads = {}, requested = false, timer = null, generation = 0;
  box.hidden = false;

  // A script of the index, loaded once: resolves with what it assigned to the global under `key`.
  function script(src, key) {
    if (!loads[key]) {
      loads[key] = new Promise(function (resolve, reject) {
        var element = document.createElement("script");
        element.src = src;
        element.onload = function () {
          var data = window.stepwiseSearchIndex && window.stepwiseSearchIndex[key];
          if (data) resolve(data); else reject(new Error(src));
        };
        element.onerror = function () { delete loads[key]; reject(new Error(src)); };
        document.head.appendChild(element);
      });
    }
    return loads[key];
  }

  function load() {
    if (requested) return;
    requested = true;
    script(manifestURL, locale).then(function (data) {
      index = prepare(data);
      search();
    }, function () { requested = false; });
  }

  // Term parts by their first term; page parts by their first section number.
  function prepare(data) {
    rules = data.rules;
    rules.stopWords.forEach(function (word) { stop[word] = true; });
    var first = 0;
    return {
      terms: data.terms.map(function (part) { return { first: part[0], hash: part[1] }; }),
      pages: data.pages.map(function (part) {
        var entry = { first: first, hash: part[1] };
        first += part[0];
        return entry;
      })
    };
  }

  // A part of the index, its data added to `terms` or `sections` when it loads.
  function part(kind, entry) {
    var path = locale + "/search/" + kind + "-" + entry.hash + ".js";
    return script(folder + "search/" + kind + "-" + entry.hash + ".js", path).then(function (data) {
      if (entry.added) return;
      entry.added = true;
      if (kind === "t") {
        Object.keys(data).forEach(function (term) { terms[term] = data[term]; });
        keys = null;
      } else {
        addPages(data, entry.first);
      }
    });
  }

  // Sections numbered on from the part's first; an empty id is the heading's slug (the title's when
  // the heading is empty), as the index spells it.
  function addPages(pages, number) {
    pages.forEach(function (page) {
      page[2].forEach(function (section) {
        sections[number++] = { path: page[0], title: page[1], id: section[0] || slug(section[1] || page[1]), heading: section[1], snippet: section[2] };
      });
    });
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
    if (length(word) < rules.minimumLength || stop[word]) return null;
    return stem(word);
  }

  // The last term part whose first term is at or before `text` (the part that would hold it).
  function termPart(text) {
    var low = 0, high = index.terms.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (index.terms[middle].first <= text) low = middle; else high = middle - 1;
    }
    return index.terms[low];
  }

  // The term parts a query word needs: its term's, its stem's (headings), and as the last word the
  // parts of every term it begins and of every shorter start of it (the stems it may have).
  // A word too short to be a term finds nothing, so it loads nothing.
  function termParts(word, isPrefix, into) {
    if (index.terms.length === 0 || length(word) < rules.minimumLength) return;
    into.push(termPart(stem(word)));
    if (term(word)) into.push(termPart(term(word)));
    if (!isPrefix) return;
    var at = index.terms.indexOf(termPart(word));
    into.push(index.terms[at]);
    for (var next = at + 1; next < index.terms.length && index.terms[next].first.lastIndexOf(word, 0) === 0; next++) into.push(index.terms[next]);
    for (var cut = length(word) - 1; cut >= rules.minimumStem; cut--) into.push(termPart(Array.from(word).slice(0, cut).join("")));
  }

  // A term's sections, or (`heading`) those whose own heading holds it: base-26 differences between
  // successive numbers, uppercase digits then a lowercase last one; the heading list after a comma.
  function postings(term, heading) {
    var list = terms[term], found = [], number = 0, value = 0;
    if (list === undefined) return found;
    var comma = list.indexOf(",");
    list = heading ? (comma < 0 ? "" : list.slice(comma + 1)) : (comma < 0 ? list : list.slice(0, comma));
    for (var i = 0; i < list.length; i++) {
      var code = list.charCodeAt(i);
      if (code >= 97) {
        number += value * 26 + code - 97;
        found.push(number);
        value = 0;
      } else {
        value = value * 26 + code - 65;
      }
    }
    return found;
  }

  // The loaded terms, sorted for prefix lookups (the parts of a prefix's range are loaded).
  function sortedKeys() {
    if (!keys) keys = Object.keys(terms).sort();
    return keys;
  }

  // The first key at or after `prefix` in the sorted keys.
  function lowerBound(list, prefix) {
    var low = 0, high = list.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (list[middle] < prefix) low = middle + 1; else high = middle;
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
    var found = false, list = sortedKeys();
    for (var i = lowerBound(list, word); i < list.length && list[i].lastIndexOf(word, 0) === 0; i++) {
      found = true;
      if (list[i] !== exact) add(list[i], 1);
    }
    if (!found) {
      for (var cut = length(word) - 1; cut >= rules.minimumStem; cut--) {
        var start = Array.from(word).slice(0, cut).join("");
        if (terms[start] !== undefined) { add(start, 1); break; }
      }
    }
    return scores;
  }

  // The words of the query that count: each that has a term, and the last one as a prefix.
  function queryWords(query) {
    var typed = words(query), counted = [];
    var lastIsPrefix = typed.length > 0 && !/\s$/.test(query);
    typed.forEach(function (word, position) {
      var isPrefix = lastIsPrefix && position === typed.length - 1;
      if (isPrefix || term(word)) counted.push({ word: word, isPrefix: isPrefix });
    });
    return counted;
  }

  // The sections holding every word, best first: the words' scores, and 2 for each word the
  // section's own heading holds.
  function rank(counted) {
    var perWord = counted.map(function (entry) {
      var heading = {};
      postings(stem(entry.word), true).forEach(function (section) { heading[section] = true; });
      return { scores: matches(entry.word, entry.isPrefix), heading: heading };
    });
    var found = [];
    Object.keys(perWord[0].scores).forEach(function (key) {
      var score = 0;
      for (var i = 0; i < perWord.length; i++) {
        var own = perWord[i].scores[key];
        if (!own) return;
        score += own + (perWord[i].heading[key] ? 2 : 0);
      }
      found.push({ number: +key, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score || a.number - b.number; });
    return found;
  }

  // The page part holding section `number`.
  function pagePart(number) {
    var low = 0, high = index.pages.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (index.pages[middle].first <= number) low = middle; else high = middle - 1;
    }
    return index.pages[low];
  }

  function unique(parts) {
    return parts.filter(function (entry, position) { return parts.indexOf(entry) === position; });
  }

  // Loads the term parts of the query, ranks, loads the page parts of the results shown, shows them;
  // a query typed meanwhile wins.
  function search() {
    if (!index) return;
    var current = ++generation;
    var counted = queryWords(input.value);
    if (counted.length === 0) { show(null); return; }
    var needed = [];
    counted.forEach(function (entry) { termParts(entry.word, entry.isPrefix, needed); });
    var found;
    Promise.all(unique(needed).map(function (entry) { return part("t", entry); })).then(function () {
      if (current !== generation) return;
      found = rank(counted);
      var pages = unique(found.slice(0, limit).map(function (result) { return pagePart(result.number); }));
      return Promise.all(pages.map(function (entry) { return part("p", entry); }));
    }).then(function () {
      if (current === generation) show(found);
    }, function () {
      if (current === generation) show(null);
    });
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function show(found) {
    output.textContent = "";
    if (!found) return;
    var status = found.length === 0 ? box.getAttribute("data-no-results")
      : box.getAttribute("data-result-count").replace("{count}", String(found.length));
    output.appendChild(element("p", "search-status", status));
    if (found.length === 0) return;
    var list = element("ul", "search-list");
    found.slice(0, limit).forEach(function (result) {
      var section = sections[result.number];
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
    if (event.key === "Escape") { input.value = ""; generation++; show(null); }
  });
})();
