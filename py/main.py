"""PyScript entry point (temporary boot stub; the real app shell replaces it)."""
from js import document, window

import ludoteca

document.getElementById("app").innerHTML = (
    f'<section data-screen="home"><h1>Ludoteca {ludoteca.__version__}</h1></section>'
)
window.ludotecaBoot.ready()
