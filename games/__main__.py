from games.tools.cli import main

raise SystemExit(main())
