"""The web app of ``sette-kit serve``, on top of Voilà (imported only when serving).

* :mod:`sette_kit.webapp.app` - the server: Voilà with the kit's page handler (the
  ``_xsrf`` cookie that lets a left page end its kernel, "the class is full", the
  Markdown notes as pages);
* :mod:`sette_kit.webapp.kernels` - the kernel manager: the cap on page kernels, the
  short life of kernels no browser connects to, the kernel guard in every kernel;
* :mod:`sette_kit.webapp.kernel_guard` - loaded inside each served kernel: tracebacks,
  logs and stderr go to the server's log, never over the websocket;
* ``templates/`` - the kit's own pages (``page.html`` is the base), styled by the kit's
  theme (:mod:`sette_kit.theme`);
* ``voila_template/`` - a Jupyter data folder holding the kit's Voilà template,
  ``nbconvert/templates/sette-kit`` (the lesson pages: the theme inlined, the lesson's
  title in the tab, the projector switch, no request to another host).
"""
