"""What assistive technology gets from the page in the end-to-end tests: the words
of the live regions (``said`` now, ``wait_said`` for a pattern, ``spoken_log`` and
``spoken`` for everything added to a live region), the focus outline's style, and
axe-core's audit."""

from __future__ import annotations


def said(page) -> str:
    """What the polite live region says now."""
    return page.locator("[data-testid=announce]").text_content() or ""


def wait_said(page, pattern: str, timeout: int = 10_000) -> str:
    page.wait_for_function(
        "p => new RegExp(p).test(document.querySelector('[data-testid=announce]').textContent)",
        arg=pattern, timeout=timeout)
    return said(page)


# Records, in the page, each text added to a live region (the announce region, notices, boot).
SPOKEN = """
    window.__spoken = [];
    if (!window.__listening) window.__listening = new MutationObserver((records) => {
        for (const r of records) {
            const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            const region = node
                && node.closest('[aria-live]:not([aria-live=off]), [role=status], [role=alert]');
            // What is added is what is read (aria-relevant's default: additions and text).
            const text = region && (r.type === 'characterData' ? r.target.textContent
                : [...r.addedNodes].map((n) => n.textContent).join('')).trim();
            if (text) window.__spoken.push(text);
        }
    });
    window.__listening.observe(document, {subtree: true, childList: true, characterData: true});
"""
# The focus outline's style and colour, as an element's evaluate reads them.
OUTLINE = "e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineColor"


def spoken_log(page) -> None:
    page.evaluate(f"() => {{ {SPOKEN} }}")


def spoken(page) -> list[str]:
    return page.evaluate("() => window.__spoken.slice()")


def audit(page) -> list:
    return page.evaluate("""() => axe.run(document).then(r => r.violations.map(v =>
        ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(' '))})))""")
