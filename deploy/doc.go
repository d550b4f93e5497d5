// Package deploy holds no code: its tests check the reference deployment
// beside it (compose.yaml, the Caddyfiles, notenrechner.service) with the
// tools that read those files, so that what docs/operations.md tells a
// school to run is known to load.
package deploy
