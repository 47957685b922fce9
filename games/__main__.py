from games.core.cli import main

raise SystemExit(main())
