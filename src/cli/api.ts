/** Generated from openapi/openapi.json by `npm run openapi` (scripts/openapi-client.ts): do not edit. */

export interface paths {
    "/v1/tools/hello": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Returns a greeting message.
         * @description Returns a greeting message. Use for testing MCP connectivity.
         *
         *     Toolset `booster`, category OTHER. Public: no key needed.
         */
        post: operations["hello"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/read_repo_file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a file from the repository.
         * @description Read a file from the repository. Limited to safe paths.
         *
         *     Toolset `booster`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["read_repo_file"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/write_memory_entry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Append an entry to a memory file.
         * @description Append an entry to a memory file. Only supports append operations.
         *
         *     Toolset `booster`, category FILE. Needs a key with the `write` scope. Every call is held for approval (202).
         */
        post: operations["write_memory_entry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read contents of a file from the filesystem.
         * @description Read contents of a file from the filesystem. Supports reading partial files with offset and limit parameters.
         *
         *     Toolset `claude`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["Read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write content to a file, creating it (and its parent folders) or replacing it whole.
         * @description Write content to a file, creating it (and its parent folders) or replacing it whole.
         *
         *     Toolset `claude`, category FILE. Needs a key with the `write` scope.
         */
        post: operations["Write"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Edit a file with find/replace: replaces old_string with new_string exactly once, or everywhere with replace_all.
         * @description Edit a file with find/replace: replaces old_string with new_string exactly once, or everywhere with replace_all. old_string must match the file exactly (whitespace included) and be unique unless replace_all is set.
         *
         *     Toolset `claude`, category FILE. Needs a key with the `write` scope.
         */
        post: operations["Edit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a text file.
         * @description Read a text file. With tail: N, only its last N lines (read backwards from the end, fast on files of any size).
         *
         *     Toolset `codex`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["fs_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write or overwrite a text file.
         * @description Write or overwrite a text file.
         *
         *     Toolset `codex`, category FILE. Needs a key with the `write` scope.
         */
        post: operations["fs_write"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List directory entries.
         * @description List directory entries.
         *
         *     Toolset `codex`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["fs_list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_mkdir": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a directory (optionally parents).
         * @description Create a directory (optionally parents).
         *
         *     Toolset `codex`, category FILE. Needs a key with the `write` scope.
         */
        post: operations["fs_mkdir"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove file or directory.
         * @description Remove file or directory.
         *
         *     Toolset `codex`, category FILE. Needs a key with the `write` scope.
         */
        post: operations["fs_remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/fs_glob": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Glob-matching files relative to workspace (e.g. "**\/*.py").
         * @description Glob-matching files relative to workspace (e.g. "**\/*.py"). Matched relative paths are in metadata.matches.
         *
         *     Toolset `codex`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["fs_glob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/NotebookEdit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Edit Jupyter notebook cells: replace a cell's source (optionally changing its type), insert a new cell after a given cell (or at the start), or delete a cell.
         * @description Edit Jupyter notebook cells: replace a cell's source (optionally changing its type), insert a new cell after a given cell (or at the start), or delete a cell. Cells are named by id, or by 0-based index. The notebook stays a valid nbformat 4 notebook.
         *
         *     Toolset `claude`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["NotebookEdit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Glob": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find files by name pattern, e.g. "**\/*.ts" or "src/**\/*.{js,jsx}".
         * @description Find files by name pattern, e.g. "**\/*.ts" or "src/**\/*.{js,jsx}". Returns paths relative to the workspace, most recently modified first (at most 1000). Respects .gitignore.
         *
         *     Toolset `claude`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["Glob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Grep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search file contents with a regular expression (ripgrep syntax, e.g. "log.*Error", "function\s+\w+").
         * @description Search file contents with a regular expression (ripgrep syntax, e.g. "log.*Error", "function\s+\w+"). Filter files with glob (e.g. "*.js", "*.{ts,tsx}") or type (e.g. "js", "py"). output_mode "content" shows matching lines (with -n line numbers, -A/-B/-C context), "files_with_matches" (default) only paths, "count" matches per file. Respects .gitignore; never searches .git or files blocked for reading.
         *
         *     Toolset `claude`, category FILE. Needs a key with the `read` scope.
         */
        post: operations["Grep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Bash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a bash command
         * @description Execute a bash command
         *
         *     Toolset `claude`, category EXECUTION. Needs a key with the `exec` scope. Some calls are held for approval (202).
         */
        post: operations["Bash"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/BashOutput": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get output from background shell.
         * @description Get output from background shell. Returns only output new since the last read, with the shell's status (running, exited, killed) and exit code.
         *
         *     Toolset `claude`, category EXECUTION. Needs a key with the `exec` scope.
         */
        post: operations["BashOutput"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/KillShell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Kill a background shell started with Bash run_in_background, with every process it started.
         * @description Kill a background shell started with Bash run_in_background, with every process it started.
         *
         *     Toolset `claude`, category EXECUTION. Needs a key with the `exec` scope.
         */
        post: operations["KillShell"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/shell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute shell commands inside the workspace.
         * @description Execute shell commands inside the workspace. Warns on risky patterns (rm -rf, destructive git); truncates very long output; the exit code is in metadata.returncode.
         *
         *     Toolset `codex`, category EXECUTION. Needs a key with the `exec` scope. Some calls are held for approval (202).
         */
        post: operations["shell"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show repository status: current branch, ahead/behind its upstream, and staged, modified and untracked files.
         * @description Show repository status: current branch, ahead/behind its upstream, and staged, modified and untracked files.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `read` scope.
         */
        post: operations["git_status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show a diff against HEAD (work tree and index), against a given revision, or between revisions (A..B, A...B), optionally limited to paths.
         * @description Show a diff against HEAD (work tree and index), against a given revision, or between revisions (A..B, A...B), optionally limited to paths.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `read` scope.
         */
        post: operations["git_diff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show a git object: a commit (message and patch), an annotated tag, a tree listing, or a blob.
         * @description Show a git object: a commit (message and patch), an annotated tag, a tree listing, or a blob. ref is a revision such as HEAD~1, v1.0 or a commit id, or <rev>:<path> for a file or folder at that revision.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `read` scope.
         */
        post: operations["git_show"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_apply_patch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a unified diff patch (as git diff prints it) to the work tree.
         * @description Apply a unified diff patch (as git diff prints it) to the work tree. With check=true (default) `git apply --check` runs first and the patch is applied only if it passes; check=false applies directly. Patches touching absolute paths, ".." or .git/ are refused.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `write` scope.
         */
        post: operations["git_apply_patch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List branches (with all=true, remote-tracking branches too); the current one is marked with *.
         * @description List branches (with all=true, remote-tracking branches too); the current one is marked with *.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `read` scope.
         */
        post: operations["git_branches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/git_commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a commit of the staged changes (all=true: every tracked change, like git commit -a).
         * @description Create a commit of the staged changes (all=true: every tracked change, like git commit -a). Only when the server enables commits (TOOLGATE_GIT_COMMITS=true), and then only once approved; otherwise it does nothing and says so.
         *
         *     Toolset `codex`, category GIT. Needs a key with the `write` scope. Some calls are held for approval (202).
         */
        post: operations["git_commit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/http": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Perform HTTP requests with headers, query parameters and a JSON or text body.
         * @description Perform HTTP requests with headers, query parameters and a JSON or text body. TLS is verified; internal addresses are refused (SSRF guard); redirects are followed; large bodies are truncated. Metadata: status_code, headers (truncated), elapsed_ms, final_url.
         *
         *     Toolset `codex`, category WEB. Needs a key with the `network` scope.
         */
        post: operations["http"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/WebFetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetches content from a specified URL and processes it using an AI model.
         * @description Fetches content from a specified URL and processes it using an AI model. Takes a URL and a prompt as input, fetches the URL content, converts HTML to Markdown, and answers the prompt from the content. Without a configured LLM it returns the Markdown. Internal addresses are refused.
         *
         *     Toolset `claude`, category WEB. Needs a key with the `network` scope.
         */
        post: operations["WebFetch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Web search returning ranked snippets and links.
         * @description Web search returning ranked snippets and links. Output is a numbered list "N. Title — url" with the snippet below; metadata.results holds {title, url, snippet} for each.
         *
         *     Toolset `codex`, category WEB. Needs a key with the `network` scope.
         */
        post: operations["search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/WebSearch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the web.
         * @description Search the web. Returns up to 10 results as a numbered list "N. Title — url" with snippets; metadata.results holds {title, url, snippet}. Restrict results with allowed_domains or exclude with blocked_domains (not both); a domain includes its subdomains.
         *
         *     Toolset `claude`, category WEB. Needs a key with the `network` scope.
         */
        post: operations["WebSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/Task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch a subagent: an LLM that works on the prompt on its own with the tools its definition lists (only those your key may use), then answers.
         * @description Launch a subagent: an LLM that works on the prompt on its own with the tools its definition lists (only those your key may use), then answers. subagent_type names the agent (GET /v1/agents lists them: general-purpose, glossary-annotator, notebook-author, curator). Its final answer is the output; metadata lists its steps, every tool call it made with the call's execution id, its token usage, and the budget (steps, tokens, deadline) that stopped it, if one did.
         *
         *     Toolset `claude`, category TASK. Needs a key with the `read` scope.
         */
        post: operations["Task"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/summarize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Summarize provided text (pass file content read with fs_read).
         * @description Summarize provided text (pass file content read with fs_read). Uses the configured LLM, chunking long input and merging the partial summaries; without an LLM, returns an extractive summary of the most important sentences (metadata.method tells which).
         *
         *     Toolset `codex`, category TEXT. Needs a key with the `read` scope.
         */
        post: operations["summarize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lightweight analysis of text (pass file content read with fs_read): word, sentence, paragraph and character counts, reading time, Flesch readability, top terms and lexical diversity.
         * @description Lightweight analysis of text (pass file content read with fs_read): word, sentence, paragraph and character counts, reading time, Flesch readability, top terms and lexical diversity. Deterministic; no LLM.
         *
         *     Toolset `codex`, category TEXT. Needs a key with the `read` scope.
         */
        post: operations["analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/glossary_search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query glossary entries.
         * @description Query glossary entries. Exact matches prioritized over fuzzy. Always check before creating new entries.
         *
         *     Toolset `glossary`, category GLOSSARY. Needs a key with the `read` scope.
         */
        post: operations["glossary_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/glossary_create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a new glossary entry.
         * @description Create a new glossary entry. first_seen_post_id and first_seen_thread_id are set from the current context. The post and thread come from X-Post-Id / X-Thread-Id, or, when they are not sent, from the post read_post or read_thread_range last returned in this session (the reading position); the answer says when the reading position was used. Prefer tentative status; the curator will evaluate. Search first: an existing term is refused (409 ENTRY_EXISTS).
         *
         *     Toolset `glossary`, category GLOSSARY. Needs a key with the `write` scope.
         */
        post: operations["glossary_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/glossary_update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Modify an existing glossary entry.
         * @description Modify an existing glossary entry. Only provided fields are modified; last_updated_post_id and last_updated_thread_id are set from the current context. The post and thread come from X-Post-Id / X-Thread-Id, or, when they are not sent, from the post read_post or read_thread_range last returned in this session (the reading position); the answer says when the reading position was used. Changes are logged to revision history.
         *
         *     Toolset `glossary`, category GLOSSARY. Needs a key with the `write` scope.
         */
        post: operations["glossary_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/glossary_delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a glossary entry.
         * @description Remove a glossary entry. Use sparingly; prefer status changes. Deletion is logged to revision history with the reason. The post and thread come from X-Post-Id / X-Thread-Id, or, when they are not sent, from the post read_post or read_thread_range last returned in this session (the reading position); the answer says when the reading position was used.
         *
         *     Toolset `glossary`, category GLOSSARY. Needs a key with the `write` scope.
         */
        post: operations["glossary_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/read_post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a historical post by ID.
         * @description Fetch a historical post by ID. With include_adjacent, also the 2 posts before and the 2 after it in the same thread (fewer at the start or end of a thread). The post (the centre one with include_adjacent) becomes this session's reading position: glossary_create, glossary_update and glossary_delete take their post and thread from it when the call sends no X-Post-Id / X-Thread-Id (per key and X-Session-Id; a dry run leaves it unchanged).
         *
         *     Toolset `glossary`, category CORPUS. Needs a key with the `read` scope.
         */
        post: operations["read_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/read_thread_range": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a range of posts from a thread, in reading order: posts whose ids lie between start_post_id and end_post_id (inclusive; either may be left out), optionally only those carrying tag_filter (e.g. qm_post).
         * @description Fetch a range of posts from a thread, in reading order: posts whose ids lie between start_post_id and end_post_id (inclusive; either may be left out), optionally only those carrying tag_filter (e.g. qm_post). The last post returned (or the thread alone, when none is) becomes this session's reading position: glossary_create, glossary_update and glossary_delete take their post and thread from it when the call sends no X-Post-Id / X-Thread-Id (per key and X-Session-Id; a dry run leaves it unchanged).
         *
         *     Toolset `glossary`, category CORPUS. Needs a key with the `read` scope.
         */
        post: operations["read_thread_range"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/list_snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query available snapshots: frozen glossary states at thread positions (checkpoint, curator_fork, manual), newest first.
         * @description Query available snapshots: frozen glossary states at thread positions (checkpoint, curator_fork, manual), newest first. Use a snapshot id with summon_snapshot.
         *
         *     Toolset `glossary`, category CONTEXT. Needs a key with the `read` scope.
         */
        post: operations["list_snapshots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/summon_snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rehydrate a past context for multi-turn dialogue: the annotation agent as it was at the snapshot's thread position answers your question from the glossary and posts it knew then.
         * @description Rehydrate a past context for multi-turn dialogue: the annotation agent as it was at the snapshot's thread position answers your question from the glossary and posts it knew then. Without an LLM it answers by retrieval: the snapshot's entries most similar to the question, each with the posts it was written from, and other posts read by then (bounded; the caps are stated in the response). Read-only. Only one summoned context is active at a time per session (X-Session-Id): dismiss it with summon_dismiss before summoning another.
         *
         *     Toolset `glossary`, category CONTEXT. Needs a key with the `read` scope.
         */
        post: operations["summon_snapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/summon_continue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Continue dialogue with a summoned snapshot context: send a follow-up message; the summoned agent sees the whole dialogue so far.
         * @description Continue dialogue with a summoned snapshot context: send a follow-up message; the summoned agent sees the whole dialogue so far. Needs an active summon in this session (summon_snapshot).
         *
         *     Toolset `glossary`, category CONTEXT. Needs a key with the `read` scope.
         */
        post: operations["summon_continue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/summon_dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End dialogue with summoned context.
         * @description End dialogue with summoned context. The summary is logged for audit, the summoned context is discarded, and the main annotation loop resumes.
         *
         *     Toolset `glossary`, category CONTEXT. Needs a key with the `read` scope.
         */
        post: operations["summon_dismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/explicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The explicate protocol: send your message asking about a passage of a glossary definition (message: the passage in quotation marks, the entry named around it, e.g. 'I need clarification on this part of the vys entry: "the vys flows through crystalline channels" Can you show me the source for this?'), or the bare passage (quote).
         * @description The explicate protocol: send your message asking about a passage of a glossary definition (message: the passage in quotation marks, the entry named around it, e.g. 'I need clarification on this part of the vys entry: "the vys flows through crystalline channels" Can you show me the source for this?'), or the bare passage (quote). For each passage: the source post of the revision that wrote it and the snapshot that first holds it; for text since rewritten, the same from the history, with the revision that rewrote it and a suggestion to summon the snapshot; when not found verbatim (case and white space aside), the most similar sections, current or former, with the snapshot holding each and a suggestion to summon it.
         *
         *     Toolset `glossary`, category CONTEXT. Needs a key with the `read` scope.
         */
        post: operations["explicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/notebook.add_dependency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registers a runtime requirement and returns the canonical dependency manifest entry (`<manager>::<package>@<version>`) and its 1-based manifest position.
         * @description Registers a runtime requirement and returns the canonical dependency manifest entry (`<manager>::<package>@<version>`) and its 1-based manifest position. Call it before referencing a package in code: finalize turns the manifest into the setup cell (pip → %pip install pkg==ver, conda → !conda install -y pkg=ver, apt → !apt-get install -y pkg=ver) followed by the import checks. Registering the same package again (same manager; pip names compare case-insensitively with "-", "_" and "." alike) updates it in place.
         *
         *     Toolset `alain`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["notebook__add_dependency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/notebook.emit_markdown_step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds a markdown cell for the active section and returns metadata for validators: the cell's index and markdown_ratio_hint (markdown cells / all cells so far, counting the overview and setup cells, 2 decimals).
         * @description Adds a markdown cell for the active section and returns metadata for validators: the cell's index and markdown_ratio_hint (markdown cells / all cells so far, counting the overview and setup cells, 2 decimals). Callouts render as blockquotes ("> **Tip:** …"), prerequisites as a checklist. Cell indices are 0-based in the final notebook order: overview, setup markdown and setup code (indices 0-2), then sections by section number (markdown steps, narration and code in emission order, then the section's assessments), then summary, next steps and references. Emitting into an earlier section moves later cells; the response says so.
         *
         *     Toolset `alain`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["notebook__emit_markdown_step"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/notebook.emit_code_cell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Appends a runnable code cell associated with a section.
         * @description Appends a runnable code cell associated with a section. `runnable` comes from compiling the cell with Python (IPython lines such as !pip and %magic are allowed); a cell that does not compile is still stored and the messages give the line and error. Imports of packages not registered with notebook.add_dependency are reported in messages. Narration becomes a markdown cell right before the code. Cell indices are 0-based in the final notebook order: overview, setup markdown and setup code (indices 0-2), then sections by section number (markdown steps, narration and code in emission order, then the section's assessments), then summary, next steps and references. Emitting into an earlier section moves later cells; the response says so.
         *
         *     Toolset `alain`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["notebook__emit_code_cell"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/notebook.record_assessment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adds MCQ or coding assessments and updates summary metadata: the questions as one markdown cell (prompt, options lettered A, B, C…) and an answer-check code cell (the learner sets my_answers and runs it; check_answer prints right or wrong and the explanation).
         * @description Adds MCQ or coding assessments and updates summary metadata: the questions as one markdown cell (prompt, options lettered A, B, C…) and an answer-check code cell (the learner sets my_answers and runs it; check_answer prints right or wrong and the explanation). correct_index is 0-based into options. Both cells go at the end of their section; returns their indices. Cell indices are 0-based in the final notebook order: overview, setup markdown and setup code (indices 0-2), then sections by section number (markdown steps, narration and code in emission order, then the section's assessments), then summary, next steps and references. Emitting into an earlier section moves later cells; the response says so.
         *
         *     Toolset `alain`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["notebook__record_assessment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/notebook.finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Completes notebook assembly, injects summary/metadata cells, and returns artifact identifiers: writes the session's notebook (nbformat 4.5) to notebooks/alain-<yyyymmdd>-<run id>/notebook.ipynb in your workspace and returns its absolute path and the number of markdown and code cells.
         * @description Completes notebook assembly, injects summary/metadata cells, and returns artifact identifiers: writes the session's notebook (nbformat 4.5) to notebooks/alain-<yyyymmdd>-<run id>/notebook.ipynb in your workspace and returns its absolute path and the number of markdown and code cells. Use exactly once per run; the next add/emit call of the session starts a new notebook. markdown_ratio_target, when given, is compared with the actual ratio.
         *
         *     Toolset `alain`, category NOTEBOOK. Needs a key with the `write` scope.
         */
        post: operations["notebook__finalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/validator.run_quality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executes the existing quality validator and echoes the native schema for observability: qualityScore (0-100), stepCount, markdownRatio, estimatedTokens, estimatedReadingTime, hasRequiredSections and meetsStandards of a notebook in the workspace, with per-check details.
         * @description Executes the existing quality validator and echoes the native schema for observability: qualityScore (0-100), stepCount, markdownRatio, estimatedTokens, estimatedReadingTime, hasRequiredSections and meetsStandards of a notebook in the workspace, with per-check details.
         *
         *     Toolset `alain`, category VALIDATION. Needs a key with the `read` scope.
         */
        post: operations["validator__run_quality"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/validator.run_colab": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Runs the Colab compatibility check and returns issues/fixes: reports what Colab cannot run as written (missing kernelspec, bare pip/shell commands, local paths, interactive input, desktop GUI, old nbformat, missing cell ids…), fixes what can be fixed and writes the fixed copy beside the notebook as name.colab.ipynb.
         * @description Runs the Colab compatibility check and returns issues/fixes: reports what Colab cannot run as written (missing kernelspec, bare pip/shell commands, local paths, interactive input, desktop GUI, old nbformat, missing cell ids…), fixes what can be fixed and writes the fixed copy beside the notebook as name.colab.ipynb.
         *
         *     Toolset `alain`, category VALIDATION. Needs a key with the `write` scope.
         */
        post: operations["validator__run_colab"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/workflow_validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a workflow file (YAML or JSON, schema v1 at GET /v1/schemas/workflow) without running it: every problem at once, each with its line:column — unknown tools (with did-you-mean), missing required arguments, unknown step references, forward references and cycles, bad expressions, duplicate ids.
         * @description Validate a workflow file (YAML or JSON, schema v1 at GET /v1/schemas/workflow) without running it: every problem at once, each with its line:column — unknown tools (with did-you-mean), missing required arguments, unknown step references, forward references and cycles, bad expressions, duplicate ids.
         *
         *     Toolset `codex`, category WORKFLOW. Needs a key with the `read` scope.
         */
        post: operations["workflow_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/workflow_run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a workflow file (YAML or JSON, schema v1): its tool and agent steps in order, each as your own call, with ${{ params.x }} and ${{ steps.<id>.output.<field> }} between them.
         * @description Run a workflow file (YAML or JSON, schema v1): its tool and agent steps in order, each as your own call, with ${{ params.x }} and ${{ steps.<id>.output.<field> }} between them. Answers with the run id, status, each step and the outputs; a step held for approval pauses the run (202 with approval_id) and it goes on once decided. The run record is written to artifacts/<run_id>/run.json.
         *
         *     Toolset `codex`, category WORKFLOW. Needs a key with the `read` scope.
         */
        post: operations["workflow_run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tool catalog by category (seed 002 §4)
         * @description Every tool by category; `?toolset=` keeps one toolset and adds its instructions to the model.
         */
        get: operations["listTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tools/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One tool's details (seed 002 §4)
         * @description Parameters with their constraints, input and output schemas, annotations, rate limit, timeout and route.
         */
        get: operations["getTool"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schemas/workflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workflow schema v1, as JSON Schema (2020-12)
         * @description The format workflow_validate checks and workflow_run runs: docs/workflows.md explains it with an example.
         */
        get: operations["getWorkflowSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/schemas/{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tool definitions for an LLM API
         * @description Formats: openai, anthropic, langchain, mcp, harmony. The body is the array of tool definitions. Names that the provider would reject (dots) are mapped reversibly (`.` → `__`); the map is in the X-Tool-Name-Map header, and calls may use either name. `?strict=true` (openai only) gives each function `strict: true` and parameters in OpenAI's strict form: every property required, optional ones nullable (null means "not given"), `additionalProperties: false`, no unsupported keywords; a tool whose schema has no strict form (free-form maps) comes with `strict: false`. `harmony` answers the `# Tools` section (with the toolset's `# Instructions` when it has some) of a gpt-oss developer message as text/plain; with `Accept: application/json` or `?include=name_map`, `{format, developer_message, name_map}`, name_map mapping each recipient (`functions.Read`, `notebook.add_dependency`) to its tool.
         */
        get: operations["exportToolSchemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Execution history, newest first
         * @description A key sees its own calls, an admin key everyone's. Page with ?limit= and ?cursor=; filter by tool, status or parent call.
         */
        get: operations["listExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One execution, with its result once it ran (a held call's, after approval)
         * @description Where a held call (202) leaves its result once approved. A key sees its own calls, an admin key any.
         */
        get: operations["getExecution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calls held for approval
         * @description Newest first; pending ones by default. An approver confined to a folder sees the calls made in it.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One approval
         * @description A held call, with its redacted arguments and, once decided, who decided and why.
         */
        get: operations["getApproval"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a held call: it runs now, once, and its result is returned and kept in history
         * @description Needs the approve scope, and a key other than the one that made the call (unless TOOLGATE_APPROVAL_SELF=allow).
         */
        post: operations["approveCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a held call: it never runs
         * @description Needs the approve scope; the call is recorded as rejected (APPROVAL_REJECTED) in history.
         */
        post: operations["rejectCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys (never the keys themselves)
         * @description Every key, revoked ones included, newest first: name, scopes, workspace, prefix and last use. Needs the admin scope.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create an API key; the answer is the only time the key is shown
         * @description Scopes: read, write, exec, network (tools), approve (decide held calls), admin (keys, registry, metrics). Needs the admin scope.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once, on every instance. Needs the admin scope.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/corpus/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import forum posts (NDJSON, streamed)
         * @description Streams NDJSON (one JSON post per line: id, thread_id, timestamp, author, body, optional tags)
         *     into the corpus. Valid lines are kept, bad ones are reported by line number with the reason. Idempotent on post id:
         *     a changed post is updated, an identical one left alone. Threads (post counts, first/last post time, reading
         *     position) are refreshed at the end. Send `Accept: application/x-ndjson` for progress lines
         *     (`{"event":"progress",…}` after every batch, then `{"event":"done",…}`); otherwise one JSON summary.
         *     Needs the `write` scope. Body limit: TOOLGATE_IMPORT_MAX_BYTES.
         */
        post: operations["importCorpus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/glossary/entries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One glossary entry as it stands
         * @description 404 ENTRY_NOT_FOUND once deleted; its revisions stay readable. Needs the read scope.
         */
        get: operations["getGlossaryEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/glossary/entries/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An entry's revision history, oldest first
         * @description Who, when, which fields, old and new values, post and thread, reason for a delete; deleted entries keep theirs. Page with ?after=. Needs the read scope.
         */
        get: operations["listGlossaryRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a snapshot: freeze the glossary as it stands at a thread position
         * @description Copies every glossary entry into the snapshot, with entry and token counts. `thread_position` may be left out when `thread_id` names a corpus thread: its position is used. One `checkpoint` per position (409 CONFLICT names the existing one).
         */
        post: operations["takeSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/snapshots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One snapshot; with ?include=entries, the glossary entries it froze
         * @description Needs the read scope.
         */
        get: operations["getSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/explicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Explicate a quoted passage of a definition: its source post and authoring snapshot
         * @description The explicate protocol of seed 004; the same call as `POST /v1/tools/explicate`. Body `{message}` (the agent's message, passages in quotation marks, the entry named around them), `{quote}` (a bare passage), either with `entry_id`; or, as `text/plain`, the message itself. JSON by default, the seed's `<explication>` with `Accept: application/xml`.
         */
        post: operations["explicateQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workflow runs, newest first (without their steps)
         * @description A key sees the runs it started, an admin key everyone's.
         */
        get: operations["listWorkflowRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflow-runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One workflow run: its status, each step (status, output, execution), its outputs
         * @description Statuses: running, paused (waiting for `approval_id`), succeeded, failed, rejected, expired, interrupted. Parameters and outputs are shown redacted, as history shows them.
         */
        get: operations["getWorkflowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subagent definitions, with their tools
         * @description The agents `Task` can start (files in TOOLGATE_AGENTS_DIR), by name. Any valid key may list them.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registry state (seed 002 §6)
         * @description Tools by category and toolset, the database and the rate-limit backend this instance uses. Needs the admin scope.
         */
        get: operations["getRegistry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's execution context, as the headers set it (seed 002 §8)
         * @description Send the context headers (X-Session-Id, X-Dry-Run, X-Timeout-Ms…) to see what a tool call would run with. Any key. timeout_ms and max_output_size are the values a call would run with: the X-Timeout-Ms and X-Max-Output-Size headers fitted into the bounds of `tool` (or of a tool that declares none), as calls fit them; `messages` says what was changed.
         */
        get: operations["getContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers while the process serves requests, whatever its dependencies do.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 503 while the database does not answer
         * @description Whether this instance can serve calls: the database answers; and which sandbox child processes run in.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description toolgate_tool_calls_total, toolgate_tool_errors_total, toolgate_tool_duration_seconds and the process metrics. Needs the admin scope (TOOLGATE_METRICS_PUBLIC=true makes it public).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP over Streamable HTTP (JSON-RPC)
         * @description Stateless MCP: initialize, tools/list, tools/call. Send Accept: application/json, text/event-stream. Public tools answer without a key; others need one with their scope. The context comes from `params._meta` (sessionId, dryRun, timeoutMs…).
         */
        post: operations["callMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A refused or failed call: the error envelope of every route */
        ToolError: {
            /** @enum {string} */
            status: "error";
            /** @description Stable upper-snake code, e.g. VALIDATION_ERROR, PATH_BLOCKED */
            error_code: string;
            error_message: string;
            /** @description Structured facts: received value, valid options, suggestions… */
            details?: {
                [key: string]: unknown;
            };
            execution_id?: string;
            duration_ms?: number;
            messages?: string[];
        };
        /** @description The call is held until a key with the approve scope approves it */
        ToolPending: {
            /** @enum {string} */
            status: "pending";
            /** Format: uuid */
            approval_id: string;
            /** Format: uuid */
            execution_id: string;
            /**
             * Format: date-time
             * @description When the held call expires unless decided
             */
            expires_at?: string;
            duration_ms?: number;
            messages?: string[];
        };
        /** @description A call held for approval */
        Approval: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Where the result will be: GET /v1/executions/{id}
             */
            execution_id: string;
            tool: string;
            /** @description The held arguments, redacted */
            params: unknown;
            /** @description Why it is held */
            reason: string | null;
            /** @description Who made the call */
            caller: {
                /** @description Key id, or `anonymous` */
                id: string;
                name: string;
            };
            /** @description The caller's folder under the server workspace ('' = the root) */
            workspace: string;
            /** @enum {unknown} */
            status: "pending" | "approved" | "rejected" | "expired";
            decided_by: string | null;
            decision_note: string | null;
            /**
             * Format: date-time
             * @description When it was held
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it expires unless decided
             */
            expires_at: string;
            decided_at: string | null;
        };
        /** @description One recorded call (seed 002 §7) */
        Execution: {
            /** Format: uuid */
            id: string;
            tool: string;
            toolset: string;
            /** @description rest, mcp or inner (a call made by a tool) */
            transport: string;
            /** @description The arguments, redacted */
            params: unknown;
            /** @description Who made the call */
            caller: {
                /** @description Key id, or `anonymous` */
                id: string;
                name: string;
            };
            session_id: string | null;
            agent_id: string | null;
            request_id: string | null;
            /** @description ok, error, timeout, pending, running, interrupted, approved, rejected or expired */
            status: string;
            http_status: number;
            error_code: string | null;
            error: string | null;
            /** @description The tool's answer, redacted, as a preview: 4 KiB in all, 32 KiB for a held call once approved (null until it ran) */
            result: unknown;
            messages: string[];
            dry_run: boolean;
            /** @description LLM token usage, summed over the call */
            usage: unknown;
            duration_ms: number | null;
            /**
             * Format: date-time
             * @description When the call started
             */
            started_at: string;
            completed_at: string | null;
            /** @description The call that made this one (a subagent or workflow step) */
            parent_execution_id: string | null;
        };
        /** @description An API key (never the key itself) */
        ApiKey: {
            id: string;
            name: string;
            /** @description First characters of the key, to tell keys apart */
            prefix: string;
            scopes: ("read" | "write" | "exec" | "network" | "approve" | "admin")[];
            /** @description Folder inside the server workspace its tools are confined to */
            workspace: string;
            /**
             * Format: date-time
             * @description When it was created
             */
            created_at: string;
            revoked_at: string | null;
            last_used_at: string | null;
        };
        /** @description A new API key, with the key itself */
        CreatedApiKey: {
            id: string;
            name: string;
            /** @description First characters of the key, to tell keys apart */
            prefix: string;
            scopes: ("read" | "write" | "exec" | "network" | "approve" | "admin")[];
            /** @description Folder inside the server workspace its tools are confined to */
            workspace: string;
            /**
             * Format: date-time
             * @description When it was created
             */
            created_at: string;
            revoked_at: string | null;
            last_used_at: string | null;
            /** @description The key: shown this once, stored only as a hash */
            key: string;
        };
        /** @description A glossary entry as it stands */
        GlossaryEntry: {
            id: number;
            term: string;
            /** @description Markdown with [[Term]] references */
            definition: string;
            tags: string[];
            status: "tentative" | "confirmed";
            first_seen_post_id: number | null;
            first_seen_thread_id: number | null;
            last_updated_post_id: number | null;
            last_updated_thread_id: number | null;
            created_by: string | null;
            /**
             * Format: date-time
             * @description When it was created
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updated_at: string;
        };
        /** @description One change to a glossary entry */
        GlossaryRevision: {
            id: number;
            entry_id: number;
            action: "create" | "update" | "delete";
            /** @description The fields it changed */
            fields: string[];
            old_values: {
                [key: string]: unknown;
            } | null;
            new_values: {
                [key: string]: unknown;
            } | null;
            /** @description Why it was deleted */
            reason: string | null;
            /** @description The post the agent was reading (X-Post-Id) */
            post_id: number | null;
            /** @description The thread the agent was reading (X-Thread-Id) */
            thread_id: number | null;
            session_id: string | null;
            actor: {
                id: string;
                name: string | null;
            };
            execution_id: string | null;
            /**
             * Format: date-time
             * @description When it was made
             */
            created_at: string;
        };
        /** @description A frozen copy of the glossary (seed 004) */
        Snapshot: {
            /** @description Snapshot id */
            id: number;
            /**
             * @description How the snapshot was taken
             * @enum {string}
             */
            type: "checkpoint" | "curator_fork" | "manual";
            /** @description Corpus thread id it was taken at (null when none was given) */
            thread: number | null;
            /** @description Position in reading order of the last thread the frozen state had read */
            thread_position: number;
            /** @description Glossary entries frozen */
            entry_count: number;
            /** @description Estimated tokens of the frozen glossary (characters / 4) */
            tokens: number;
            /**
             * Format: date-time
             * @description When it was taken (UTC, seconds)
             */
            created: string;
            /** @description The last glossary revision it includes */
            last_revision_id: number | null;
            /** @description Key id of who took it */
            created_by: string | null;
        };
        /** @description What a corpus import did */
        ImportSummary: {
            /** @enum {string} */
            status: "ok";
            /** @description Lines read (blank ones included) */
            lines: number;
            inserted: number;
            updated: number;
            unchanged: number;
            rejected: number;
            /** @description The first rejected lines, in order */
            errors: {
                line: number;
                error: string;
            }[];
            /** @description Distinct threads among the accepted posts */
            threads: number;
            duration_ms: number;
            posts_per_second: number;
        };
        /** @description An MCP (JSON-RPC 2.0) request or notification */
        JsonRpcRequest: {
            /** @enum {string} */
            jsonrpc: "2.0";
            /** @description The request id (none on a notification) */
            id?: string | number | null;
            /** @description initialize, tools/list, tools/call, notifications/initialized… */
            method: string;
            /** @description tools/call: {name, arguments, _meta} */
            params?: {
                [key: string]: unknown;
            };
        };
        /** @description An MCP (JSON-RPC 2.0) result; tools/call results carry structuredContent and isError */
        JsonRpcResponse: {
            /** @enum {string} */
            jsonrpc: "2.0";
            /** @description The request id (none on a notification) */
            id: string | number | null;
            result: {
                [key: string]: unknown;
            };
        } | {
            [key: string]: unknown;
        }[];
        /** @description An MCP (JSON-RPC 2.0) error */
        JsonRpcError: {
            /** @enum {string} */
            jsonrpc: "2.0";
            error: {
                code: number;
                message: string;
                data?: unknown;
            };
            /** @description The request id (none on a notification) */
            id: string | number | null;
        };
        /** @description A durable workflow run */
        WorkflowRun: {
            /** Format: uuid */
            id: string;
            /** @description The workflow's name */
            workflow: string;
            /** @description The workflow file, relative to the workspace */
            path: string;
            /** @enum {string} */
            status: "running" | "paused" | "succeeded" | "failed" | "rejected" | "expired" | "interrupted";
            caller: {
                id: string;
                name: string;
            };
            /** @description The workflow_run call that started it */
            execution_id: string;
            approval_id: string | null;
            waiting_step: string | null;
            /** @description Starts that resumed it after the server stopped while it ran, since the last shutdown asked for by a signal; past 3 it is stopped as interrupted instead */
            resumes: number;
            error_code: string | null;
            error: string | null;
            created_at: string;
            updated_at: string;
            finished_at: string | null;
            /** @description The parameters it ran with (redacted) */
            params: unknown;
            /** @description The workflow's outputs once it finished */
            outputs: unknown;
            steps: {
                /** @description The step’s place in the run: `id`, or `loop[2].id` inside a for_each */
                key: string;
                id: string;
                /** @description tool, agent or for_each */
                kind: string;
                tool: string | null;
                status: string;
                execution_id: string | null;
                approval_id: string | null;
                /** @description What the step answered (redacted) */
                output: unknown;
                error_code: string | null;
                error: string | null;
                started_at: string;
                finished_at: string | null;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    hello: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Name to greet
                     * @default World
                     */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description hello ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Greeting message */
                        message: string;
                        /**
                         * Format: date-time
                         * @description Server timestamp
                         */
                        timestamp: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    read_repo_file: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Relative path from repo root */
                    path: string;
                    /**
                     * @default utf-8
                     * @enum {string}
                     */
                    encoding?: "utf-8" | "base64";
                };
            };
        };
        responses: {
            /** @description read_repo_file ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description File content */
                        content: string;
                        /** @description File size in bytes */
                        size: number;
                        /**
                         * Format: date-time
                         * @description Last modified timestamp
                         */
                        modified: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    write_memory_entry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Target memory file
                     * @enum {string}
                     */
                    file: "progress_log.jsonl" | "decisions.jsonl" | "best_practices.md";
                    /** @description Content to append */
                    entry: string;
                };
            };
        };
        responses: {
            /** @description write_memory_entry ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        bytes_written: number;
                        /** Format: date-time */
                        timestamp: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Held for approval: approve it with POST /v1/approvals/{approval_id}/approve; the result will be at Location */
            202: {
                headers: {
                    /** @description /v1/executions/{execution_id} */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolPending"];
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Read: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute path to the file to read */
                    file_path: string;
                    /**
                     * @description Line number to start reading from
                     * @default 0
                     */
                    offset?: number;
                    /**
                     * @description Maximum number of lines to read
                     * @default 2000
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Read ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Lines shown */
                            lines?: number;
                            /** @description Bytes of the file those lines take */
                            bytes?: number;
                            /** @description The file, relative to the workspace root */
                            file_path?: string;
                            /** @description Size of the file in bytes */
                            file_size?: number;
                            /** @description Lines in the file; present when known without an extra pass */
                            total_lines?: number;
                            /** @description The offset to read on from, when lines follow the window */
                            next_offset?: number;
                            /** @description Lines cut at 2000 characters */
                            cut_lines?: number;
                            /** @description Cells in the notebook (.ipynb files) */
                            cells?: number;
                            /** @description True when the window was shortened to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Write: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute path to the file to write (or a path relative to the workspace root) */
                    file_path: string;
                    /** @description The content to write to the file */
                    content: string;
                };
            };
        };
        responses: {
            /** @description Write ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Bytes written (0 in a dry run) */
                            bytes_written?: number;
                            /** @description The file, relative to the workspace root */
                            file_path?: string;
                            /** @description True when the file did not exist before */
                            created?: boolean;
                            /** @description Present in a dry run: nothing was written */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Edit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute path to the file to modify (or a path relative to the workspace root) */
                    file_path: string;
                    /** @description The text to replace */
                    old_string: string;
                    /** @description The text to replace it with (must be different from old_string) */
                    new_string: string;
                    /**
                     * @description Replace all occurrences of old_string
                     * @default false
                     */
                    replace_all?: boolean;
                };
            };
        };
        responses: {
            /** @description Edit ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The file, relative to the workspace root */
                            file_path?: string;
                            /** @description Occurrences replaced */
                            replacements?: number;
                            /** @description Unified diff of the change */
                            diff?: string;
                            /** @description Present in a dry run: nothing was written */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_read: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Path of the file, relative to the workspace root (or absolute inside it) */
                    path: string;
                    /**
                     * @description Text encoding of the file
                     * @default utf-8
                     * @enum {string}
                     */
                    encoding?: "utf-8" | "utf8" | "ascii" | "latin1" | "iso-8859-1" | "utf-16le";
                    /** @description Return only the last N lines of the file (not for utf-16le) */
                    tail?: number;
                };
            };
        };
        responses: {
            /** @description fs_read ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Bytes of the file read and returned */
                            bytes_read?: number;
                            /** @description Size of the file in bytes */
                            size?: number;
                            /** @description The file, relative to the workspace root */
                            path?: string;
                            /** @description Encoding used */
                            encoding?: string;
                            /** @description True when the file (or the tail asked for) was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                            /** @description With tail: the byte of the file where the text returned starts */
                            offset?: number;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_write: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Path of the file, relative to the workspace root (or absolute inside it) */
                    path: string;
                    /** @description Text to write */
                    content: string;
                    /**
                     * @description Text encoding to write in
                     * @default utf-8
                     * @enum {string}
                     */
                    encoding?: "utf-8" | "utf8" | "ascii" | "latin1" | "iso-8859-1" | "utf-16le";
                    /**
                     * @description Append to the file instead of replacing it
                     * @default false
                     */
                    append?: boolean;
                };
            };
        };
        responses: {
            /** @description fs_write ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Bytes written (0 in a dry run) */
                            bytes_written?: number;
                            /**
                             * @description What the write did (or would do, in a dry run)
                             * @enum {string}
                             */
                            mode?: "create" | "overwrite" | "append";
                            /** @description The file, relative to the workspace root */
                            path?: string;
                            /** @description Present in a dry run: nothing was written */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Folder to list, relative to the workspace root (or absolute inside it)
                     * @default .
                     */
                    path?: string;
                    /**
                     * @description Entries as {name, type, size} objects instead of names (one stat per file: slower on large folders)
                     * @default false
                     */
                    details?: boolean;
                };
            };
        };
        responses: {
            /** @description fs_list ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The folder's entries sorted by name: their names, or with details {name, type, size} objects */
                            entries?: string[] | {
                                name: string;
                                /** @enum {string} */
                                type: "file" | "dir" | "symlink" | "other";
                                /** @description Bytes, for files; null otherwise */
                                size: number | null;
                            }[];
                            /** @description Number of entries in the folder */
                            count?: number;
                            /** @description The folder, relative to the workspace root */
                            path?: string;
                            /** @description True when entries were left out to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_mkdir: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Folder to create, relative to the workspace root (or absolute inside it) */
                    path: string;
                    /**
                     * @description Create missing parent folders too
                     * @default true
                     */
                    parents?: boolean;
                    /**
                     * @description Succeed when the folder already exists
                     * @default true
                     */
                    exist_ok?: boolean;
                };
            };
        };
        responses: {
            /** @description fs_mkdir ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description True when the folder was created by this call */
                            created?: boolean;
                            /** @description The folder, relative to the workspace root */
                            path?: string;
                            /** @description Present in a dry run: nothing was created */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description File, link or folder to remove, relative to the workspace root (or absolute inside it) */
                    path: string;
                    /**
                     * @description Remove a folder and everything in it
                     * @default false
                     */
                    recursive?: boolean;
                    /**
                     * @description Succeed when the path does not exist
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description fs_remove ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description True when something was removed */
                            removed?: boolean;
                            /** @description The path, relative to the workspace root */
                            path?: string;
                            /** @description Present in a dry run: nothing was removed */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    fs_glob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Glob pattern relative to the workspace root, e.g. "src/**\/*.py" */
                    pattern: string;
                };
            };
        };
        responses: {
            /** @description fs_glob ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Matching paths relative to the workspace, sorted */
                            matches?: string[];
                            /** @description Number of matches returned */
                            count?: number;
                            /** @description More than 1000 files matched */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    NotebookEdit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute path to the Jupyter notebook file to edit (or a path relative to the workspace root) */
                    notebook_path: string;
                    /** @description The id of the cell to edit, or its 0-based index as a number-like string ("3" or "cell-3"). With edit_mode=insert the new cell goes after this cell, or at the start when cell_id is not given. */
                    cell_id?: string;
                    /** @description The new source for the cell (not used by edit_mode=delete) */
                    new_source: string;
                    /**
                     * @description The type of the cell. Defaults to the cell's current type; required for edit_mode=insert.
                     * @enum {string}
                     */
                    cell_type?: "code" | "markdown";
                    /**
                     * @description The type of edit to make (replace, insert, delete)
                     * @default replace
                     * @enum {string}
                     */
                    edit_mode?: "replace" | "insert" | "delete";
                };
            };
        };
        responses: {
            /** @description NotebookEdit ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The notebook, relative to the workspace root */
                            notebook_path?: string;
                            /** @description Id of the cell edited, inserted or deleted (when the notebook has ids) */
                            cell_id?: string;
                            /** @description 0-based index of that cell (for delete: where it was) */
                            cell_index?: number;
                            /** @description Type of that cell */
                            cell_type?: string;
                            /** @description replace, insert or delete */
                            edit_mode?: string;
                            /** @description Cells in the notebook after the edit */
                            total_cells?: number;
                            /** @description Present in a dry run: nothing was written */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Glob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The glob pattern to match files against, relative to path */
                    pattern: string;
                    /** @description The folder to search in, relative to the workspace root. Defaults to the root */
                    path?: string;
                };
            };
        };
        responses: {
            /** @description Glob ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Matching paths, newest first */
                            matches?: string[];
                            /** @description Paths returned */
                            count?: number;
                            /** @description Paths found before the cap */
                            total?: number;
                            /** @description More than 1000 files matched */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Grep: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The regular expression pattern to search for in file contents */
                    pattern: string;
                    /** @description File or directory to search in, relative to the workspace root. Defaults to the root */
                    path?: string;
                    /** @description Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}"); several separated by spaces; maps to rg --glob */
                    glob?: string;
                    /**
                     * @description content: matching lines; files_with_matches: file paths; count: match counts
                     * @default files_with_matches
                     * @enum {string}
                     */
                    output_mode?: "content" | "files_with_matches" | "count";
                    /** @description Lines of context before each match (content mode) */
                    "-B"?: number;
                    /** @description Lines of context after each match (content mode) */
                    "-A"?: number;
                    /** @description Lines of context before and after each match (content mode) */
                    "-C"?: number;
                    /**
                     * @description Show line numbers (content mode)
                     * @default true
                     */
                    "-n"?: boolean;
                    /**
                     * @description Case insensitive search
                     * @default false
                     */
                    "-i"?: boolean;
                    /**
                     * @description File type to search (rg --type), e.g. js, py, rust, go, java
                     * @enum {string}
                     */
                    type?: "c" | "cpp" | "cs" | "css" | "go" | "html" | "java" | "js" | "json" | "kotlin" | "lua" | "markdown" | "md" | "php" | "py" | "ruby" | "rust" | "scala" | "sh" | "sql" | "swift" | "toml" | "ts" | "txt" | "xml" | "yaml";
                    /** @description Only the first N lines or entries of the output, like | head -N */
                    head_limit?: number;
                    /**
                     * @description Patterns may span lines and . matches newlines (rg -U --multiline-dotall)
                     * @default false
                     */
                    multiline?: boolean;
                };
            };
        };
        responses: {
            /** @description Grep ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /**
                             * @description Which engine searched: always ripgrep
                             * @enum {string}
                             */
                            engine?: "rg";
                            /** @enum {string} */
                            mode?: "content" | "files_with_matches" | "count";
                            /** @description Matching lines printed (content), total count (count), or files listed (files_with_matches) */
                            matches?: number;
                            /** @description Files with matches in the output */
                            files?: number;
                            /** @description head_limit or the output size cut the result */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Bash: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The command to execute */
                    command: string;
                    /**
                     * @description Timeout in milliseconds
                     * @default 120000
                     */
                    timeout?: number;
                    /**
                     * @description Run command in background
                     * @default false
                     */
                    run_in_background?: boolean;
                    /** @description Clear, concise description of what this command does in 5-10 words */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Bash ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Exit code of the command; null when it was ended by a signal or has not ended */
                            returncode?: number | null;
                            /** @description Signal that ended the command, if any */
                            signal?: string | null;
                            /** @description How long the command ran */
                            duration_ms?: number;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                            /** @description Bytes the command wrote to stdout */
                            stdout_bytes?: number;
                            /** @description Bytes the command wrote to stderr */
                            stderr_bytes?: number;
                            /** @description Whether the command was ended by the timeout */
                            timed_out?: boolean;
                            /** @description Id of the background shell (run_in_background) */
                            bash_id?: string;
                            /** @description running | exited | killed (background shells) */
                            status?: string;
                            /** @description Working directory, relative to the workspace root */
                            cwd?: string;
                            /** @description True when the command was not run (X-Dry-Run) */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Held for approval: approve it with POST /v1/approvals/{approval_id}/approve; the result will be at Location */
            202: {
                headers: {
                    /** @description /v1/executions/{execution_id} */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolPending"];
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    BashOutput: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The ID of the background shell to retrieve output from */
                    bash_id: string;
                    /** @description Optional regular expression to filter the output lines. Only lines matching this regex will be included in the result. Any lines that do not match will no longer be available to read. */
                    filter?: string;
                };
            };
        };
        responses: {
            /** @description BashOutput ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            bash_id?: string;
                            /** @description running | exited | killed */
                            status?: string;
                            /** @description Exit code once the shell has exited */
                            returncode?: number | null;
                            signal?: string | null;
                            /** @description More new output is waiting than fitted in this answer: call again */
                            has_more?: boolean;
                            /** @description Older output dropped unread because the shell's buffer is full */
                            dropped_chars?: number;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    KillShell: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The ID of the background shell to kill */
                    shell_id: string;
                };
            };
        };
        responses: {
            /** @description KillShell ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            shell_id?: string;
                            /** @description killed (or running, on a dry run) */
                            status?: string;
                            returncode?: number | null;
                            signal?: string | null;
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    shell: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The command to run (with /bin/bash -c) */
                    command: string;
                    /** @description Working directory, relative to the workspace root (default: the root); must stay inside the workspace */
                    cwd?: string;
                    /** @description Timeout in seconds (default 120) */
                    timeout?: number;
                };
            };
        };
        responses: {
            /** @description shell ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Exit code of the command; null when it was ended by a signal or has not ended */
                            returncode?: number | null;
                            /** @description Signal that ended the command, if any */
                            signal?: string | null;
                            /** @description How long the command ran */
                            duration_ms?: number;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                            /** @description Bytes the command wrote to stdout */
                            stdout_bytes?: number;
                            /** @description Bytes the command wrote to stderr */
                            stderr_bytes?: number;
                            /** @description Whether the command was ended by the timeout */
                            timed_out?: boolean;
                            /** @description Id of the background shell (run_in_background) */
                            bash_id?: string;
                            /** @description running | exited | killed (background shells) */
                            status?: string;
                            /** @description Working directory, relative to the workspace root */
                            cwd?: string;
                            /** @description True when the command was not run (X-Dry-Run) */
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Held for approval: approve it with POST /v1/approvals/{approval_id}/approve; the result will be at Location */
            202: {
                headers: {
                    /** @description /v1/executions/{execution_id} */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolPending"];
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_status: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                };
            };
        };
        responses: {
            /** @description git_status ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Current branch; null when HEAD is detached */
                            branch?: string | null;
                            /** @description Upstream branch, if any */
                            upstream?: string | null;
                            /** @description Commits ahead of the upstream (0 without one) */
                            ahead?: number;
                            /** @description Commits behind the upstream (0 without one) */
                            behind?: number;
                            /** @description Paths with staged changes */
                            staged?: string[];
                            /** @description Paths with unstaged changes */
                            modified?: string[];
                            /** @description Untracked paths */
                            untracked?: string[];
                            /** @description Paths with merge conflicts */
                            conflicted?: string[];
                            /** @description True when nothing is staged, modified, untracked or conflicted */
                            clean?: boolean;
                            /** @description repo_path, relative to the workspace root */
                            repo_path?: string;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_diff: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                    /** @description A revision to diff the work tree against, or a range A..B / A...B; default HEAD */
                    rev?: string | null;
                    /** @description Limit the diff to these paths (relative to repo_path) */
                    paths?: string[] | null;
                };
            };
        };
        responses: {
            /** @description git_diff ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Files the diff touches */
                            files_changed?: number;
                            /** @description Lines added */
                            insertions?: number;
                            /** @description Lines removed */
                            deletions?: number;
                            /** @description Paths the diff touches, relative to the repository top level */
                            files?: string[];
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_show: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                    /** @description The object: a revision (HEAD, main~2, v1.0, an id) or <rev>:<path> */
                    ref: string;
                };
            };
        };
        responses: {
            /** @description git_show ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /**
                             * @description Object type: commit, tree, blob or tag
                             * @enum {string}
                             */
                            type?: "commit" | "tree" | "blob" | "tag";
                            /** @description Full object id */
                            sha?: string;
                            /** @description Object size in bytes */
                            size?: number;
                            /** @description True for a blob that is not text (not shown) */
                            binary?: boolean;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_apply_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                    /** @description The unified diff: "--- a/file", "+++ b/file" headers and "@@" hunks; paths relative to the repository top level */
                    patch: string;
                    /**
                     * @description Run git apply --check first and apply only if it passes
                     * @default true
                     */
                    check?: boolean;
                };
            };
        };
        responses: {
            /** @description git_apply_patch ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Exit code of the last git apply run */
                            returncode?: number | null;
                            /** @description Paths the patch touches, relative to the repository top level */
                            files?: string[];
                            /** @description Whether git apply --check ran */
                            checked?: boolean;
                            /** @description Whether the patch was applied */
                            applied?: boolean;
                            /** @description True when only checked (X-Dry-Run) */
                            dry_run?: boolean;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_branches: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                    /**
                     * @description Include remote-tracking branches
                     * @default false
                     */
                    all?: boolean;
                };
            };
        };
        responses: {
            /** @description git_branches ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Current branch; null when HEAD is detached */
                            current?: string | null;
                            /** @description Branch names (remote-tracking ones as remotes/<remote>/<name>) */
                            branches?: string[];
                            /** @description Number of branches */
                            count?: number;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    git_commit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Folder of the repository (or inside it), relative to the workspace root
                     * @default .
                     */
                    repo_path?: string;
                    /** @description The commit message */
                    message: string;
                    /**
                     * @description Commit every change to tracked files, not only the staged ones (git commit -a)
                     * @default false
                     */
                    all?: boolean;
                };
            };
        };
        responses: {
            /** @description git_commit ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Whether a commit was created */
                            committed?: boolean;
                            /** @description Id of the new commit */
                            sha?: string | null;
                            /** @description Exit code of git commit; null when it did not run */
                            returncode?: number | null;
                            /** @description True when nothing was committed (X-Dry-Run) */
                            dry_run?: boolean;
                            /** @description Whether output was cut to fit X-Max-Output-Size */
                            truncated?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Held for approval: approve it with POST /v1/approvals/{approval_id}/approve; the result will be at Location */
            202: {
                headers: {
                    /** @description /v1/executions/{execution_id} */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolPending"];
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    http: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description HTTP method
                     * @default GET
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
                    /** @description The URL to request (http or https) */
                    url: string;
                    /** @description Request headers, name → value */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @description Query parameters, appended to the URL's query string */
                    params?: {
                        [key: string]: string;
                    };
                    /** @description JSON body; sets Content-Type: application/json. Not with data */
                    json?: {
                        [key: string]: unknown;
                    };
                    /** @description Raw request body. Not with json */
                    data?: string;
                    /**
                     * @description Timeout in seconds for the whole request, redirects and body included
                     * @default 20
                     */
                    timeout?: number;
                };
            };
        };
        responses: {
            /** @description http ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description HTTP status of the final response */
                            status_code?: number;
                            /** @description Response headers (at most 50 entries / 8 KB; Set-Cookie values redacted) */
                            headers?: {
                                [key: string]: string;
                            };
                            elapsed_ms?: number;
                            /** @description The URL that answered, after redirects */
                            final_url?: string;
                            redirects?: number;
                            content_type?: string | null;
                            /** @description Body bytes read (after decompression) */
                            bytes?: number;
                            /** @description The body was cut at the size limit */
                            truncated?: boolean;
                            headers_truncated?: boolean;
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    WebFetch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description The URL to fetch content from
                     */
                    url: string;
                    /** @description The prompt to run on the fetched content */
                    prompt: string;
                };
            };
        };
        responses: {
            /** @description WebFetch ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            status_code?: number;
                            final_url?: string;
                            content_type?: string | null;
                            title?: string;
                            /** @description Body bytes read (after decompression) */
                            bytes?: number;
                            /** @description Time the fetch took */
                            elapsed_ms?: number;
                            redirects?: number;
                            /** @description The body, or the Markdown given to the LLM or returned, was cut */
                            truncated?: boolean;
                            /**
                             * @description llm: the prompt was applied; markdown: the output is the page as Markdown
                             * @enum {string}
                             */
                            method?: "llm" | "markdown";
                            model?: string;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    search: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The search query */
                    query: string;
                    /**
                     * @description How many results to return
                     * @default 5
                     */
                    num_results?: number;
                };
            };
        };
        responses: {
            /** @description search ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The results, best first: {title, url, snippet} */
                            results?: {
                                title: string;
                                url: string;
                                snippet: string;
                            }[];
                            /** @description How many results were returned */
                            count?: number;
                            /** @description The backend that answered: searxng or brave */
                            backend?: string;
                            /** @description The query as sent to the backend */
                            query?: string;
                            /** @description Results the domain filters removed (WebSearch) */
                            filtered_out?: number;
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    WebSearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The search query to use */
                    query: string;
                    /** @description Only include search results from these domains (and their subdomains) */
                    allowed_domains?: string[];
                    /** @description Never include search results from these domains (and their subdomains) */
                    blocked_domains?: string[];
                };
            };
        };
        responses: {
            /** @description WebSearch ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The results, best first: {title, url, snippet} */
                            results?: {
                                title: string;
                                url: string;
                                snippet: string;
                            }[];
                            /** @description How many results were returned */
                            count?: number;
                            /** @description The backend that answered: searxng or brave */
                            backend?: string;
                            /** @description The query as sent to the backend */
                            query?: string;
                            /** @description Results the domain filters removed (WebSearch) */
                            filtered_out?: number;
                            dry_run?: boolean;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    Task: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A short (3-5 word) description of the task */
                    description: string;
                    /** @description The task for the agent to perform */
                    prompt: string;
                    /** @description The type of specialized agent to use for this task (GET /v1/agents) */
                    subagent_type: string;
                };
            };
        };
        responses: {
            /** @description Task ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The agent that ran */
                            subagent_type?: string;
                            /** @description Model turns it took */
                            steps?: number;
                            /** @description Every tool call it made, in order */
                            tool_calls?: {
                                /** @description The tool the subagent called */
                                tool: string;
                                /** @description Its execution (GET /v1/executions/{id}); null when no call was made (arguments that were not JSON, a tool the subagent may not use, past the turn’s limit or the deadline) */
                                execution_id: string | null;
                                /**
                                 * @description ok, error, or pending (held for approval: not run)
                                 * @enum {string}
                                 */
                                status: "ok" | "error" | "pending";
                                /** @description The status the call was answered with */
                                http_status: number;
                                /** @description Why it failed or was refused */
                                error_code?: string;
                                /** @description The approval a held call waits for */
                                approval_id?: string;
                            }[];
                            /** @description LLM tokens of the subagent's turns, summed */
                            usage?: {
                                prompt_tokens: number;
                                completion_tokens: number;
                                total_tokens: number;
                            };
                            /** @description The budget that ended the run before a final answer, or null */
                            stopped_by?: ("steps" | "tokens" | "deadline") | null;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    summarize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The text to summarize */
                    text: string;
                    /**
                     * @description Largest summary, in tokens (about 4 characters each)
                     * @default 512
                     */
                    max_tokens?: number;
                    /** @description How to write it: "bullet", "paragraph", "tl;dr", or any short instruction (the extractive fallback knows the first three) */
                    style?: string;
                };
            };
        };
        responses: {
            /** @description summarize ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /**
                             * @description How the summary was made
                             * @enum {string}
                             */
                            method?: "llm" | "extractive";
                            /** @description Pieces the text was cut into for the LLM */
                            chunks?: number;
                            /** @description Chat completion calls made (chunks, merges) */
                            llm_calls?: number;
                            /** @description Intermediate merge rounds before the final one */
                            merge_rounds?: number;
                            /** @description The LLM model that answered */
                            model?: string;
                            /** @description Tokens used, summed over the calls */
                            usage?: {
                                prompt_tokens: number;
                                completion_tokens: number;
                                total_tokens: number;
                            };
                            /** @description Sentences in the text (extractive) */
                            sentences_total?: number;
                            /** @description Sentences kept (extractive) */
                            sentences_selected?: number;
                            /** @description Characters of input */
                            input_chars?: number;
                            /** @description Characters of the summary */
                            summary_chars?: number;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    analyze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The text to analyze */
                    text: string;
                };
            };
        };
        responses: {
            /** @description analyze ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description Words: runs of letters and digits, inner apostrophes and hyphens kept */
                            words?: number;
                            /** @description Sentences */
                            sentences?: number;
                            /** @description Paragraphs: blocks separated by blank lines */
                            paragraphs?: number;
                            /** @description Characters (Unicode code points) */
                            characters?: number;
                            /** @description Characters other than white space */
                            characters_no_spaces?: number;
                            /** @description Syllables (English heuristic) */
                            syllables?: number;
                            /** @description Words per sentence, 2 decimals */
                            avg_sentence_length?: number;
                            /** @description Letters and digits per word, 2 decimals */
                            avg_word_length?: number;
                            /** @description Flesch reading ease, 1 decimal (null without words) */
                            flesch_reading_ease?: number | null;
                            /** @description Flesch–Kincaid grade level, 1 decimal (null without words) */
                            flesch_kincaid_grade?: number | null;
                            /** @description Reading time at 238 words a minute, seconds rounded up */
                            reading_time_seconds?: number;
                            /** @description Reading time at 238 words a minute, minutes rounded up to 0.1 */
                            reading_time_minutes?: number;
                            /** @description Distinct words, case-insensitive */
                            unique_words?: number;
                            /** @description Distinct words / words, 3 decimals */
                            lexical_diversity?: number;
                            /** @description Up to 10 most frequent terms (lowercased, stopwords removed); ties alphabetical */
                            top_terms?: {
                                term: string;
                                count: number;
                            }[];
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    glossary_search: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Search term (fuzzy matched against term and definition) */
                    query: string;
                    /** @description Filter by tags */
                    tags?: string[];
                    /**
                     * @description `confirmed` | `tentative` | `all` (default: `all`)
                     * @default all
                     * @enum {string}
                     */
                    status?: "confirmed" | "tentative" | "all";
                    /** @description If true, expand `[[refs]]` to include referenced entries */
                    include_references?: boolean;
                    /**
                     * @description Max results (default: 10)
                     * @default 10
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Entries listed: hits, then referenced entries */
                        count: number;
                        entries: {
                            id: number;
                            term: string;
                            /** @enum {string} */
                            status: "tentative" | "confirmed";
                            tags: string[];
                            /** @description Markdown with [[Term]] references */
                            definition: string;
                            /**
                             * @description exact: the term, or the term without its suffix, is the query; fuzzy: similar term or definition; reference: pointed at by a listed entry
                             * @enum {string}
                             */
                            match: "exact" | "fuzzy" | "reference";
                            /** @description Fuzzy matches: similarity 0–1 */
                            score?: number;
                            /** @description References: ids of the listed entries that point here */
                            referenced_by?: number[];
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    glossary_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
                /** @description Forum post the glossary agent is reading (kept in the revision) */
                "x-post-id"?: number;
                /** @description Forum thread the glossary agent is reading (kept in the revision; checkpoints) */
                "x-thread-id"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Term with disambiguation suffix if needed: `Dawn (character)` */
                    term: string;
                    /** @description Markdown text. Use `[[Term]]` for cross-references */
                    definition: string;
                    /** @description Classification tags: `character`, `location`, `mechanic`, etc. */
                    tags: string[];
                    /**
                     * @description `tentative` (default) | `confirmed`
                     * @default tentative
                     * @enum {string}
                     */
                    status?: "tentative" | "confirmed";
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: {
                            id: number;
                            term: string;
                            /** @enum {string} */
                            status: "tentative" | "confirmed";
                        };
                        message: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    glossary_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
                /** @description Forum post the glossary agent is reading (kept in the revision) */
                "x-post-id"?: number;
                /** @description Forum thread the glossary agent is reading (kept in the revision; checkpoints) */
                "x-thread-id"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of entry to update */
                    entry_id: number;
                    /** @description New term name (for corrections or disambiguation changes) */
                    term?: string;
                    /** @description New definition text */
                    definition?: string;
                    /** @description Replace all tags with this list */
                    tags?: string[];
                    /**
                     * @description New status
                     * @enum {string}
                     */
                    status?: "tentative" | "confirmed";
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description The term after the update */
                        term: string;
                        /** @description The fields whose value changed */
                        fields: ("term" | "definition" | "tags" | "status")[];
                        message: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    glossary_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
                /** @description Forum post the glossary agent is reading (kept in the revision) */
                "x-post-id"?: number;
                /** @description Forum thread the glossary agent is reading (kept in the revision; checkpoints) */
                "x-thread-id"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of entry to delete */
                    entry_id: number;
                    /** @description Reason for deletion (logged for audit) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        message: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    read_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The post ID to retrieve */
                    post_id: number;
                    /**
                     * @description If true, include 2 posts before and after
                     * @default false
                     */
                    include_adjacent?: boolean;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Without include_adjacent: the post id */
                        id?: number;
                        /** @description Without include_adjacent: the thread the post belongs to */
                        thread_id?: number;
                        /**
                         * Format: date-time
                         * @description Without include_adjacent: when it was posted (UTC)
                         */
                        timestamp?: string;
                        /** @description Without include_adjacent: the author, e.g. Soma or Anon */
                        author?: string;
                        /** @description Without include_adjacent: tags such as qm_post, story_post */
                        tags?: string[];
                        /** @description Without include_adjacent: the full text of the post */
                        body?: string;
                        /** @description With include_adjacent: the requested post */
                        center_id?: number;
                        /** @description With include_adjacent: up to 2 posts before, the post, up to 2 after, in reading order */
                        posts?: {
                            /** @description Post id */
                            id: number;
                            /** @description Thread the post belongs to */
                            thread_id: number;
                            /** @description Author name, e.g. Soma or Anon */
                            author: string;
                            /**
                             * Format: date-time
                             * @description When it was posted (UTC)
                             */
                            timestamp: string;
                            /** @description e.g. qm_post, story_post */
                            tags: string[];
                            /** @description Full text of the post */
                            body: string;
                            /** @description true on the requested post */
                            center?: boolean;
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    read_thread_range: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The thread ID */
                    thread_id: number;
                    /** @description First post ID (inclusive) */
                    start_post_id?: number;
                    /** @description Last post ID (inclusive) */
                    end_post_id?: number;
                    /** @description Only include posts with this tag (e.g., `qm_post`) */
                    tag_filter?: string;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The thread id */
                        id: number;
                        /** @description Posts returned */
                        count: number;
                        /** @description In reading order (timestamp, then id) */
                        posts: {
                            /** @description Post id */
                            id: number;
                            /** @description Author name */
                            author: string;
                            /**
                             * Format: date-time
                             * @description When it was posted (UTC)
                             */
                            timestamp: string;
                            /** @description e.g. qm_post, story_post */
                            tags: string[];
                            /** @description Full text of the post */
                            body: string;
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    list_snapshots: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Filter to snapshots from this thread */
                    thread_id?: number;
                    /**
                     * @description `checkpoint` | `curator_fork` | `manual` | `all`
                     * @default all
                     * @enum {string}
                     */
                    snapshot_type?: "checkpoint" | "curator_fork" | "manual" | "all";
                    /**
                     * @description Maximum results (default: 20)
                     * @default 20
                     */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Snapshots returned */
                        count: number;
                        /** @description Newest first */
                        snapshots: {
                            /** @description Snapshot id */
                            id: number;
                            /**
                             * @description How the snapshot was taken
                             * @enum {string}
                             */
                            type: "checkpoint" | "curator_fork" | "manual";
                            /** @description Corpus thread id it was taken at (null when none was given) */
                            thread: number | null;
                            /** @description Position in reading order of the last thread the frozen state had read */
                            thread_position: number;
                            /** @description Glossary entries frozen */
                            entry_count: number;
                            /** @description Estimated tokens of the frozen glossary (characters / 4) */
                            tokens: number;
                            /**
                             * Format: date-time
                             * @description When it was taken (UTC, seconds)
                             */
                            created: string;
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    summon_snapshot: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description ID of the snapshot to summon */
                    snapshot_id: number;
                    /** @description Initial question to ask the summoned context */
                    query: string;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The summoned snapshot */
                        snapshot_id: number;
                        /** @description Thread position of its frozen state */
                        thread_position: number;
                        /** @description The summoned agent's response to the query (turn 1) */
                        response: string;
                        /** @description What to do next */
                        available_actions: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    summon_continue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Follow-up message to the summoned context */
                    message: string;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description This turn's number: the summon's own answer is turn 1, the first follow-up turn 2 */
                        turn: number;
                        /** @description The summoned agent's response to the follow-up */
                        response: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    summon_dismiss: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Brief summary of what was learned from the dialogue */
                    summary: string;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The snapshot that was summoned */
                        snapshot_id: number;
                        /** @description Turns the dialogue had (the summon's answer counts as turn 1) */
                        turns: number;
                        /** @description What happened */
                        message: string;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    explicate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A passage of a definition (surrounding quotation marks and ellipses are ignored). Give quote or message */
                    quote?: string;
                    /** @description Your message, as seed 004 shows it: the passages in quotation marks ("…", “…”, „…“, «…», ‘…’) or on lines starting with >, and the entry you mean named around them ("the vys entry", "entry #15"). At most 5 passages are explicated. Give quote or message */
                    message?: string;
                    /** @description Only look in this entry's definition, current or former (a deleted entry's history too) */
                    entry_id?: number;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The passage explicated, as found in the message (message form) */
                        quote?: string;
                        /** @description The entry the quote belongs to (absent when no definition resembles it) */
                        entry_id?: number;
                        /** @description Its term (for a deleted entry, its last) */
                        term?: string;
                        /**
                         * @description exact: in the current definition verbatim (case and white space aside); rewritten: only in a former definition (since rewritten, or the entry deleted); similar: only similar sections; none: nothing resembles it
                         * @enum {string}
                         */
                        match?: "exact" | "rewritten" | "similar" | "none";
                        /** @description The post the revision that wrote the passage was written from */
                        source_post?: {
                            id: number;
                            thread_id: number;
                            /** @description The post's content */
                            body: string;
                        };
                        /** @description The first snapshot whose frozen copy of the entry holds the passage */
                        authored_by?: {
                            snapshot_id: number;
                        };
                        /** @description The revision that wrote the passage (for exact: the earliest from which it has been there ever since) */
                        revision?: {
                            id: number;
                            action: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The post it was written from (X-Post-Id or the reading position) */
                            post_id: number | null;
                            /** @description Its thread */
                            thread_id: number | null;
                        };
                        /** @description rewritten: the revision that rewrote the passage away, or deleted the entry */
                        rewritten_by?: {
                            id: number;
                            action: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The post it was written from (X-Post-Id or the reading position) */
                            post_id: number | null;
                            /** @description Its thread */
                            thread_id: number | null;
                        };
                        /** @description similar: the sentences of the entry's definition, now or before, most similar to the quote */
                        similar_sections?: {
                            /** @description The first snapshot holding the sentence (null when none does yet) */
                            snapshot_id: number | null;
                            /** @description The sentence */
                            text: string;
                            /** @description pg_trgm similarity to the quote, 0–1 */
                            score: number;
                            /** @description false: from a former definition, no longer in the entry */
                            current: boolean;
                        }[];
                        /** @description What to do next (which snapshot to summon) */
                        suggestion?: string;
                        /** @description Why a part of the answer is missing, or that the text was rewritten */
                        note?: string;
                        /** @description Several passages in the message: how many were explicated */
                        count?: number;
                        /** @description Several passages in the message: one explication each, in order */
                        explications?: {
                            /** @description The passage explicated, as found in the message (message form) */
                            quote?: string;
                            /** @description The entry the quote belongs to (absent when no definition resembles it) */
                            entry_id?: number;
                            /** @description Its term (for a deleted entry, its last) */
                            term?: string;
                            /**
                             * @description exact: in the current definition verbatim (case and white space aside); rewritten: only in a former definition (since rewritten, or the entry deleted); similar: only similar sections; none: nothing resembles it
                             * @enum {string}
                             */
                            match?: "exact" | "rewritten" | "similar" | "none";
                            /** @description The post the revision that wrote the passage was written from */
                            source_post?: {
                                id: number;
                                thread_id: number;
                                /** @description The post's content */
                                body: string;
                            };
                            /** @description The first snapshot whose frozen copy of the entry holds the passage */
                            authored_by?: {
                                snapshot_id: number;
                            };
                            /** @description The revision that wrote the passage (for exact: the earliest from which it has been there ever since) */
                            revision?: {
                                id: number;
                                action: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The post it was written from (X-Post-Id or the reading position) */
                                post_id: number | null;
                                /** @description Its thread */
                                thread_id: number | null;
                            };
                            /** @description rewritten: the revision that rewrote the passage away, or deleted the entry */
                            rewritten_by?: {
                                id: number;
                                action: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The post it was written from (X-Post-Id or the reading position) */
                                post_id: number | null;
                                /** @description Its thread */
                                thread_id: number | null;
                            };
                            /** @description similar: the sentences of the entry's definition, now or before, most similar to the quote */
                            similar_sections?: {
                                /** @description The first snapshot holding the sentence (null when none does yet) */
                                snapshot_id: number | null;
                                /** @description The sentence */
                                text: string;
                                /** @description pg_trgm similarity to the quote, 0–1 */
                                score: number;
                                /** @description false: from a former definition, no longer in the entry */
                                current: boolean;
                            }[];
                            /** @description What to do next (which snapshot to summon) */
                            suggestion?: string;
                            /** @description Why a part of the answer is missing, or that the text was rewritten */
                            note?: string;
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    notebook__add_dependency: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    package: string;
                    version: string;
                    /** @enum {string} */
                    manager: "pip" | "conda" | "apt";
                    /** @description Python import statement to verify install */
                    import_check?: string;
                    /** @description Short justification surfaced in setup markdown */
                    notes?: string;
                };
            };
        };
        responses: {
            /** @description notebook.add_dependency ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description <manager>::<canonical package>@<version>, e.g. pip::torch@2.4.0 */
                        dependency_id: string;
                        /** @description 1-based place in the manifest; kept when the package is updated */
                        manifest_position: number;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    notebook__emit_markdown_step: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    section_number: number;
                    title: string;
                    body: string;
                    callouts: {
                        /** @enum {string} */
                        type: "tip" | "warning" | "note";
                        message: string;
                    }[];
                    /** @default [] */
                    prerequisites_check?: string[];
                    next_section_hint?: string;
                    estimated_tokens: number;
                };
            };
        };
        responses: {
            /** @description notebook.emit_markdown_step ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 0-based index of the cell in the final notebook order, as of this call */
                        cell_index: number;
                        /** @description Markdown cells / all cells so far (overview and setup included), 2 decimals */
                        markdown_ratio_hint: number;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    notebook__emit_code_cell: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    section_number: number;
                    code: string;
                    /** @enum {string} */
                    language: "python";
                    /** @description Short preceding markdown snippet */
                    narration?: string;
                    /** @description Summary of expected result */
                    expected_output?: string;
                };
            };
        };
        responses: {
            /** @description notebook.emit_code_cell ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 0-based index of the code cell in the final notebook order, as of this call */
                        cell_index: number;
                        /** @description Whether the cell compiles as Python (after neutralizing IPython lines) */
                        runnable: boolean;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    notebook__record_assessment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    section_number: number;
                    questions: {
                        prompt: string;
                        options: string[];
                        correct_index: number;
                        explanation: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description notebook.record_assessment ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Final-order indices of the question cell and the answer-check cell, as of this call */
                        assessment_cell_indices: number[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    notebook__finalize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    outline_summary: string;
                    next_steps?: string[];
                    references?: string[];
                    reading_time_minutes: number;
                    markdown_ratio_target?: number;
                };
            };
        };
        responses: {
            /** @description notebook.finalize ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Absolute path of the written .ipynb inside the workspace */
                        notebook_path: string;
                        section_counts: {
                            /** @description Markdown cells in the notebook */
                            markdown: number;
                            /** @description Code cells in the notebook */
                            code: number;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    validator__run_quality: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notebook_path: string;
                };
            };
        };
        responses: {
            /** @description validator.run_quality ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        metrics: {
                            /** @description Weighted sum of the checks in details.checks, 0-100 */
                            qualityScore: number;
                            /** @description Markdown headings of the form "Step N: …" */
                            stepCount: number;
                            /** @description Markdown cells / (markdown + code cells), 2 decimals */
                            markdownRatio: number;
                            /** @description Characters of all cell sources / 4, rounded */
                            estimatedTokens: number;
                            /** @description Minutes: markdown words / 200 + code lines / 10, rounded up */
                            estimatedReadingTime: number;
                            /** @description Title, setup, at least one Step section and a summary are present */
                            hasRequiredSections: boolean;
                            /** @description qualityScore >= 80, required sections, markdownRatio 0.3-0.8, stepCount >= 3 */
                            meetsStandards: boolean;
                        };
                        /** @description Per-check findings behind the metrics */
                        details?: {
                            /** @description The notebook, relative to the workspace root */
                            notebook_path: string;
                            /** @description Version as read, e.g. "4.5" */
                            nbformat: string;
                            counts: {
                                markdown_cells: number;
                                code_cells: number;
                                raw_cells: number;
                                markdown_words: number;
                                /** @description Non-blank lines of code cells */
                                code_lines: number;
                                /** @description Characters (code points) of all cell sources */
                                characters: number;
                            };
                            checks: {
                                /** @enum {string} */
                                name: "title" | "setup" | "steps" | "step_code" | "step_explanation" | "markdown_ratio" | "summary" | "next_steps" | "no_empty_cells";
                                /** @description Points earned (2 decimals) */
                                points: number;
                                /** @description The check's weight */
                                max: number;
                                passed: boolean;
                                detail: string;
                            }[];
                            steps: {
                                number: number;
                                title: string;
                                /** @description 0-based cell of the heading */
                                cell_index: number;
                                has_code: boolean;
                                explanation_words: number;
                            }[];
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    validator__run_colab: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notebook_path: string;
                };
            };
        };
        responses: {
            /** @description validator.run_colab ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description True when the fixed copy has no remaining issue */
                        isCompatible: boolean;
                        issues: {
                            /** @description Stable issue code, e.g. BARE_PIP_INSTALL, LOCAL_PATH, MISSING_KERNELSPEC */
                            code: string;
                            /** @description 0-based cell, for issues in one cell */
                            cell_index?: number;
                            /** @description 1-based line in that cell's source */
                            line?: number;
                            /** @description What is wrong, and the fix applied when there is one */
                            message: string;
                            /** @description Whether run_colab knows a safe fix */
                            fixable: boolean;
                            /** @description True when the fixed copy has this issue repaired */
                            fixed: boolean;
                        }[];
                        /** @description Absolute path of the fixed copy inside the workspace; null in a dry run */
                        fixedNotebookPath: string | null;
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    workflow_validate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The workflow file, relative to the workspace root */
                    path: string;
                };
            };
        };
        responses: {
            /** @description workflow_validate ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The file, relative to the workspace root */
                            path?: string;
                            /** @description True when the file has no problems */
                            valid?: boolean;
                            /** @description The workflow's name, when it has one */
                            name?: string | null;
                            /** @description Steps in the file, nested ones included */
                            steps?: number;
                            /** @description Each problem with where it is (1-based line and column) */
                            problems?: {
                                line: number;
                                column: number;
                                message: string;
                            }[];
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    workflow_run: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The workflow file, relative to the workspace root */
                    path: string;
                    /** @description The workflow's parameters, as strings: read as each one's declared type (lists: a JSON array or comma-separated) */
                    params?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description workflow_run ran */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the operation succeeded */
                        success: boolean;
                        /** @description Human-readable output */
                        output: string;
                        /** @description Error message when success is false */
                        error: string | null;
                        /** @description Structured facts about the call */
                        metadata: {
                            /** @description The run: GET /v1/workflow-runs/{run_id} */
                            run_id?: string;
                            /** @description succeeded, paused (waiting for approval_id), failed, rejected, expired, interrupted, or running (the server is stopping) */
                            status?: string;
                            /** @description The held call a paused run waits on */
                            approval_id?: string | null;
                            /** @description The workflow's name */
                            workflow?: string;
                            /** @description Each step run: key, id, tool, status, output, execution_id, error */
                            steps?: unknown[];
                            /** @description The workflow's outputs, once it succeeded (redacted as history is) */
                            outputs?: unknown;
                            /** @description Where the run record was written (artifacts/<run_id>/run.json) */
                            artifacts?: string | null;
                            /** @description Why the run ended, when it did not succeed */
                            error_code?: string | null;
                        };
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listTools: {
        parameters: {
            query?: {
                toolset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools by category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        /** @description Category → its tools, by name */
                        categories: {
                            [key: string]: {
                                name: string;
                                toolset: string;
                                category: string;
                                description: string;
                                /** @description What a key needs: public, read, write, exec or network */
                                scope: string;
                                /** @description Every call is held for approval */
                                requires_approval: boolean;
                            }[];
                        };
                        /** @description The toolset's instructions to the model (with ?toolset=) */
                        instructions?: string;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A tool name, or its provider name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One tool's details */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        toolset: string;
                        category: string;
                        description: string;
                        /** @description What a key needs: public, read, write, exec or network */
                        scope: string;
                        /** @description Every call is held for approval */
                        requires_approval: boolean;
                        parameters: {
                            name: string;
                            type: string;
                            required: boolean;
                            description: string;
                            default?: unknown;
                            constraints: {
                                [key: string]: unknown;
                            };
                        }[];
                        input_schema: {
                            [key: string]: unknown;
                        };
                        output_schema: {
                            [key: string]: unknown;
                        };
                        annotations: {
                            [key: string]: unknown;
                        };
                        rate_limit: {
                            limit: number;
                            windowMs: number;
                        };
                        timeout: {
                            defaultMs: number;
                            minMs?: number;
                            maxMs: number;
                        } | null;
                        /** @description The name LLM providers get (dots become __) */
                        provider_name: string;
                        route: string;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getWorkflowSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON Schema of a workflow file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    exportToolSchemas: {
        parameters: {
            query?: {
                /** @description Only the tools of this toolset */
                toolset?: string;
                /** @description Wrap the list as {tools, name_map} */
                include?: "name_map";
                /** @description openai only: OpenAI's strict function calling */
                strict?: boolean;
            };
            header?: never;
            path: {
                /** @description The provider format */
                format: "openai" | "anthropic" | "langchain" | "mcp" | "harmony";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The definitions; X-Tool-Name-Map maps changed names back */
            200: {
                headers: {
                    /** @description JSON object: provider name → tool name */
                    "X-Tool-Name-Map"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    }[] | {
                        tools?: {
                            [key: string]: unknown;
                        }[];
                        /** @description Provider name → tool name, for the names that changed */
                        name_map?: {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        format?: "harmony";
                        developer_message?: string;
                    };
                    "text/plain": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listExecutions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                tool?: string;
                /** @description Only the calls this execution made (a subagent or a workflow step) */
                parent?: string;
                status?: "ok" | "error" | "timeout" | "pending" | "running" | "interrupted" | "rejected" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of history, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        executions: components["schemas"]["Execution"][];
                        /** @description Pass as ?cursor= for the next page; null on the last */
                        next_cursor: string | null;
                        /** @description Calls matching the filters */
                        total: number;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Execution id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        execution: components["schemas"]["Execution"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                status?: "pending" | "approved" | "rejected" | "expired" | "all";
                limit?: number;
                /** @description The next_cursor of the page before */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approvals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: components["schemas"]["Approval"][];
                        /** @description Where the next page starts (a page stops at `limit` rows or about 1 MiB); null on the last */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    approveCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, kept with the decision */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Approved: the call ran, once; its answer is here and in history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        /**
                         * Format: uuid
                         * @description The held call, in history
                         */
                        execution_id: string;
                        /** @description The status the call answered with */
                        http_status: number;
                        /** @description The call's answer, as the tool's route would have given it */
                        result: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    rejectCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Why, kept with the decision */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Rejected: the call will never run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        /**
                         * Format: uuid
                         * @description The held call, in history
                         */
                        execution_id: string;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("read" | "write" | "exec" | "network" | "approve" | "admin")[];
                    /** @description Folder inside the server workspace this key's tools are confined to */
                    workspace?: string;
                };
            };
        };
        responses: {
            /** @description Created: the key is in `key`, shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    importCorpus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description NDJSON: one post per line, e.g. {"id":12345,"thread_id":30265887,"timestamp":"2014-02-16T01:24:30Z","author":"Soma","body":"…","tags":["qm_post","story_post"]} */
        requestBody: {
            content: {
                "application/x-ndjson": string;
                "application/jsonl": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description The import summary; with Accept: application/x-ndjson, progress lines then a done (or error) line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportSummary"];
                    "application/x-ndjson": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getGlossaryEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Entry id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry: components["schemas"]["GlossaryEntry"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listGlossaryRevisions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Only revisions with a higher id (the previous page’s next_after) */
                after?: number;
            };
            header?: never;
            path: {
                /** @description Entry id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of revisions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entry_id: number;
                        /** @description The term, or its last one when deleted */
                        term: string | null;
                        deleted: boolean;
                        revisions: components["schemas"]["GlossaryRevision"][];
                        /** @description Pass as ?after= for the next page; null on the last */
                        next_after: number | null;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    takeSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description checkpoint | curator_fork | manual
                     * @enum {unknown}
                     */
                    type: "checkpoint" | "curator_fork" | "manual";
                    /** @description The corpus thread the state was reached at */
                    thread_id?: number;
                    /** @description Position in reading order of the last thread read (default: the position of thread_id) */
                    thread_position?: number;
                };
            };
        };
        responses: {
            /** @description Taken: the snapshot, at Location */
            201: {
                headers: {
                    /** @description /v1/snapshots/{id} */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        snapshot: components["schemas"]["Snapshot"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getSnapshot: {
        parameters: {
            query?: {
                include?: "entries";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        snapshot: components["schemas"]["Snapshot"];
                        /** @description The entries it froze (?include=entries) */
                        entries?: {
                            entry_id: number;
                            term: string;
                            definition: string;
                            tags: string[];
                            status: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    explicateQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Session the call belongs to */
                "x-session-id"?: string;
                /** @description Agent making the call */
                "x-agent-id"?: string;
                /** @description Caller-chosen id, echoed in history and logs */
                "x-request-id"?: string;
                /** @description Report what a mutating tool would do; change nothing */
                "x-dry-run"?: "true" | "false";
                /** @description Timeout, fitted into the tool's bounds */
                "x-timeout-ms"?: number;
                /** @description Output cap in bytes; longer output is truncated with a marker */
                "x-max-output-size"?: number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description A passage of a definition (surrounding quotation marks and ellipses are ignored). Give quote or message */
                    quote?: string;
                    /** @description Your message, as seed 004 shows it: the passages in quotation marks ("…", “…”, „…“, «…», ‘…’) or on lines starting with >, and the entry you mean named around them ("the vys entry", "entry #15"). At most 5 passages are explicated. Give quote or message */
                    message?: string;
                    /** @description Only look in this entry's definition, current or former (a deleted entry's history too) */
                    entry_id?: number;
                };
            };
        };
        responses: {
            /** @description The tool ran. JSON by default; seed 004's XML with `Accept: application/xml`. */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The passage explicated, as found in the message (message form) */
                        quote?: string;
                        /** @description The entry the quote belongs to (absent when no definition resembles it) */
                        entry_id?: number;
                        /** @description Its term (for a deleted entry, its last) */
                        term?: string;
                        /**
                         * @description exact: in the current definition verbatim (case and white space aside); rewritten: only in a former definition (since rewritten, or the entry deleted); similar: only similar sections; none: nothing resembles it
                         * @enum {string}
                         */
                        match?: "exact" | "rewritten" | "similar" | "none";
                        /** @description The post the revision that wrote the passage was written from */
                        source_post?: {
                            id: number;
                            thread_id: number;
                            /** @description The post's content */
                            body: string;
                        };
                        /** @description The first snapshot whose frozen copy of the entry holds the passage */
                        authored_by?: {
                            snapshot_id: number;
                        };
                        /** @description The revision that wrote the passage (for exact: the earliest from which it has been there ever since) */
                        revision?: {
                            id: number;
                            action: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The post it was written from (X-Post-Id or the reading position) */
                            post_id: number | null;
                            /** @description Its thread */
                            thread_id: number | null;
                        };
                        /** @description rewritten: the revision that rewrote the passage away, or deleted the entry */
                        rewritten_by?: {
                            id: number;
                            action: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The post it was written from (X-Post-Id or the reading position) */
                            post_id: number | null;
                            /** @description Its thread */
                            thread_id: number | null;
                        };
                        /** @description similar: the sentences of the entry's definition, now or before, most similar to the quote */
                        similar_sections?: {
                            /** @description The first snapshot holding the sentence (null when none does yet) */
                            snapshot_id: number | null;
                            /** @description The sentence */
                            text: string;
                            /** @description pg_trgm similarity to the quote, 0–1 */
                            score: number;
                            /** @description false: from a former definition, no longer in the entry */
                            current: boolean;
                        }[];
                        /** @description What to do next (which snapshot to summon) */
                        suggestion?: string;
                        /** @description Why a part of the answer is missing, or that the text was rewritten */
                        note?: string;
                        /** @description Several passages in the message: how many were explicated */
                        count?: number;
                        /** @description Several passages in the message: one explication each, in order */
                        explications?: {
                            /** @description The passage explicated, as found in the message (message form) */
                            quote?: string;
                            /** @description The entry the quote belongs to (absent when no definition resembles it) */
                            entry_id?: number;
                            /** @description Its term (for a deleted entry, its last) */
                            term?: string;
                            /**
                             * @description exact: in the current definition verbatim (case and white space aside); rewritten: only in a former definition (since rewritten, or the entry deleted); similar: only similar sections; none: nothing resembles it
                             * @enum {string}
                             */
                            match?: "exact" | "rewritten" | "similar" | "none";
                            /** @description The post the revision that wrote the passage was written from */
                            source_post?: {
                                id: number;
                                thread_id: number;
                                /** @description The post's content */
                                body: string;
                            };
                            /** @description The first snapshot whose frozen copy of the entry holds the passage */
                            authored_by?: {
                                snapshot_id: number;
                            };
                            /** @description The revision that wrote the passage (for exact: the earliest from which it has been there ever since) */
                            revision?: {
                                id: number;
                                action: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The post it was written from (X-Post-Id or the reading position) */
                                post_id: number | null;
                                /** @description Its thread */
                                thread_id: number | null;
                            };
                            /** @description rewritten: the revision that rewrote the passage away, or deleted the entry */
                            rewritten_by?: {
                                id: number;
                                action: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The post it was written from (X-Post-Id or the reading position) */
                                post_id: number | null;
                                /** @description Its thread */
                                thread_id: number | null;
                            };
                            /** @description similar: the sentences of the entry's definition, now or before, most similar to the quote */
                            similar_sections?: {
                                /** @description The first snapshot holding the sentence (null when none does yet) */
                                snapshot_id: number | null;
                                /** @description The sentence */
                                text: string;
                                /** @description pg_trgm similarity to the quote, 0–1 */
                                score: number;
                                /** @description false: from a former definition, no longer in the entry */
                                current: boolean;
                            }[];
                            /** @description What to do next (which snapshot to summon) */
                            suggestion?: string;
                            /** @description Why a part of the answer is missing, or that the text was rewritten */
                            note?: string;
                        }[];
                        /**
                         * @description The tool ran
                         * @enum {string}
                         */
                        status: "ok";
                        /** @description Id of this execution */
                        execution_id: string;
                        /** @description Wall-clock duration of the call in milliseconds */
                        duration_ms: number;
                        /** @description Warnings and notes */
                        messages: string[];
                        /** @description Present and true when X-Dry-Run asked for a dry run: nothing was changed */
                        dry_run?: boolean;
                    };
                    "application/xml": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Conflict, e.g. an approval that is no longer pending */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Rate limited (RATE_LIMITED); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The upstream server failed (UPSTREAM_ERROR) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Timed out (TIMEOUT); partial output is kept where the tool has some */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listWorkflowRuns: {
        parameters: {
            query?: {
                status?: "running" | "paused" | "succeeded" | "failed" | "rejected" | "expired" | "interrupted";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Runs, newest first, without their steps */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: {
                            /** Format: uuid */
                            id: string;
                            /** @description The workflow's name */
                            workflow: string;
                            /** @description The workflow file, relative to the workspace */
                            path: string;
                            /** @enum {string} */
                            status: "running" | "paused" | "succeeded" | "failed" | "rejected" | "expired" | "interrupted";
                            caller: {
                                id: string;
                                name: string;
                            };
                            /** @description The workflow_run call that started it */
                            execution_id: string;
                            approval_id: string | null;
                            waiting_step: string | null;
                            /** @description Starts that resumed it after the server stopped while it ran, since the last shutdown asked for by a signal; past 3 it is stopped as interrupted instead */
                            resumes: number;
                            error_code: string | null;
                            error: string | null;
                            created_at: string;
                            updated_at: string;
                            finished_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getWorkflowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: components["schemas"]["WorkflowRun"];
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subagent definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents: {
                            /** @description The agent's name: Task's subagent_type */
                            name: string;
                            /** @description When to use it */
                            description: string;
                            /** @description The tools its definition lets it call (registered on this server) */
                            tools: string[];
                            /** @description Of those, the ones this key's scopes allow: what the model is offered when this key calls Task */
                            offered_tools: string[];
                            /** @description Tools its file lists that this server does not have */
                            missing_tools: string[];
                            /** @description The model it asks LLM_BASE_URL for; null means LLM_MODEL */
                            model: string | null;
                        }[];
                        /** @description Whether an LLM is configured; without one, Task answers 503 LLM_NOT_CONFIGURED */
                        llm_configured: boolean;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getRegistry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registry state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        instance_id: string;
                        total_tools: number;
                        /** @description Category → number of tools */
                        by_category: {
                            [key: string]: number;
                        };
                        toolsets: string[];
                        /** @description Every tool name, sorted */
                        registered_tools: string[];
                        /** @description pglite or postgres */
                        database: string;
                        /** @description memory or redis */
                        rate_limit_backend: string;
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getContext: {
        parameters: {
            query?: {
                /** @description Show this tool's effective limits */
                tool?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution context a call with these headers would run in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The key's workspace */
                        working_dir: string;
                        session_id: string | null;
                        agent_id: string | null;
                        dry_run: boolean;
                        tool: string | null;
                        /** @description The timeout a call would run with: X-Timeout-Ms fitted into the bounds */
                        timeout_ms: number;
                        /** @description The same, for people */
                        timeout: string;
                        /** @description The output cap a call would run with: X-Max-Output-Size fitted into the limit */
                        max_output_size: number;
                        requested: {
                            timeout_ms: number | null;
                            max_output_size: number | null;
                        };
                        /** @description What was changed to fit the bounds */
                        messages: string[];
                        metadata: {
                            key_id: string;
                            key_name: string;
                            scopes: string[];
                            request_id: string;
                            post_id: number | null;
                            thread_id: number | null;
                        };
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not found: the tool (with suggestions), file, entry, execution… */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable";
                        /** @enum {unknown} */
                        database: "up" | "down";
                        sandbox: {
                            /** @description bwrap or off */
                            mode: string;
                            warning?: string;
                        };
                    };
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Not ready: the database does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable";
                        /** @enum {unknown} */
                        database: "up" | "down";
                        sandbox: {
                            /** @description bwrap or off */
                            mode: string;
                            warning?: string;
                        };
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid input: VALIDATION_ERROR (with seed 002 §5 words), INVALID_REQUEST, INVALID_HEADER… */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description No key, or an unknown or revoked one (UNAUTHORIZED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The key lacks the scope (SCOPE_REQUIRED), or the path or host is refused */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
    callMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON-RPC 2.0 request or notification, or a batch of them */
        requestBody: {
            content: {
                "application/json": components["schemas"]["JsonRpcRequest"] | components["schemas"]["JsonRpcRequest"][];
            };
        };
        responses: {
            /** @description The JSON-RPC response (a batch answers with an array) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcResponse"];
                };
            };
            /** @description Accepted: notifications only, which have no response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a JSON-RPC message (JsonRpcError), or a body that is not JSON at all (ToolError) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"] | components["schemas"]["ToolError"];
                };
            };
            /** @description The key is wrong (no key at all still reaches the public tools) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"];
                };
            };
            /** @description Accept must list application/json and text/event-stream */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"];
                };
            };
            /** @description Too large: the body (TOOLGATE_BODY_LIMIT), a file, an entry */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description The body must be application/json (JsonRpcError when there is none, ToolError for another type) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonRpcError"] | components["schemas"]["ToolError"];
                };
            };
            /** @description A server fault; the message names the request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
            /** @description Unavailable: the database (with Retry-After), or an LLM, search backend or program that is not configured */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolError"];
                };
            };
        };
    };
}
